import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { waitForMailMatching } from "./support/mail";
import { DEMO_PASSWORD } from "./support/sign-in";
import { totpCode } from "../support/totp";

const mainNav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Navigation principale" });

test.describe("accounts", () => {
  test("sign up with the captcha, log out, reset the password from the e-mail, log in with the new one", async ({
    page,
    removeMemberAfterTest,
  }) => {
    // The captcha is a proof of work, CPU by design: on 2 loaded cores the browser's share of
    // it can take a minute. The one test that goes through the sign-up page gets that time.
    test.setTimeout(180_000);
    const email = `parcours.${Date.now()}@example.com`;
    removeMemberAfterTest(email);
    await page.goto("/fr/signup");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
    await page.getByLabel("Nom d'utilisateur").fill(`Fan_${Date.now() % 100000}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("Looping2026");
    await page.getByLabel("Confirmer le mot de passe").fill("Looping2026");
    // The ALTCHA widget solves its proof of work as soon as the form is in use.
    await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 90_000 });
    await expectAccessible(page);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(mainNav(page).getByRole("link", { name: "Profil" })).toBeVisible();

    // The new address is not confirmed yet: the account page says so and offers to resend the link.
    await page.goto("/fr/account");
    await expect(page.getByText("Votre adresse email n'est pas encore confirmée.", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Renvoyer le lien de confirmation" })).toBeVisible();
    await expectAccessible(page);
    const confirmation = await waitForMailMatching(email, (mail) => mail.subject === "Confirmez votre adresse email Parcours");
    await page.goto(/http\S+confirm-email\S+/.exec(confirmation.text)![0]);
    await expect(page.getByRole("status").filter({ hasText: "Votre adresse email est confirmée. Merci !" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Aller à mon compte" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await expect(page.getByRole("button", { name: "Renvoyer le lien de confirmation" })).toHaveCount(0);

    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Connexion" })).toBeVisible();

    await page.goto("/fr/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    const forgot = page.locator("#forgot-password");
    await forgot.getByLabel("Email").fill(email);
    await forgot.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText(`Un email de réinitialisation a été envoyé à ${email}. Veuillez vérifier votre boîte de réception.`)).toBeVisible();

    const mail = await waitForMailMatching(email, (message) => message.subject === "Réinitialisation de votre mot de passe Parcours");
    const link = /http\S+reset-password\S+/.exec(mail.text)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/fr\/reset-password\?token=/);
    await waitForHydration(page);
    await page.getByLabel("Nouveau mot de passe").fill("Nouveau2026");
    await page.getByLabel("Confirmer le mot de passe").fill("Nouveau2026");
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page.getByText("Votre mot de passe a été mis à jour avec succès. Vous allez être redirigé vers la page d'accueil...")).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/$/);

    await page.goto("/fr/login");
    await waitForHydration(page);
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Mot de passe").fill("Nouveau2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Profil" })).toBeVisible();
  });

  test("sign-up shows the rules' messages and the live password checklist", async ({ page }) => {
    await page.goto("/fr/signup");
    await waitForHydration(page);
    await page.getByLabel("Nom d'utilisateur").fill("ab");
    await page.getByLabel("Email").fill("pas-une-adresse");
    await page.getByLabel("Mot de passe", { exact: true }).fill("court");
    await expect(page.getByText("✓ une minuscule")).toBeVisible();
    await expect(page.getByText("○ une majuscule")).toBeVisible();
    await page.getByLabel("Confirmer le mot de passe").fill("autre");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Le nom d'utilisateur doit contenir au moins 3 caractères")).toBeVisible();
    await expect(page.getByText("Adresse email invalide")).toBeVisible();
    await expect(page.getByText("Le mot de passe doit contenir au moins 8 caractères")).toBeVisible();
    await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
    await expectAccessible(page);
  });

  test("the reset page without a link sends a visitor to the login page", async ({ page }) => {
    await page.goto("/en/reset-password");
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test("a wrong password gets the one message, whatever the cause", async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto("/fr/login");
    await waitForHydration(page);
    await page.getByLabel("Email").first().fill(member.email);
    await page.getByLabel("Mot de passe").fill("Mauvais2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect");
    await page.getByLabel("Email").first().fill("inconnu@example.com");
    await page.getByLabel("Mot de passe").fill(member.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect");
    await expectAccessible(page);
  });

  test("a suspended member is refused and told why", async ({ page }) => {
    await page.goto("/fr/login");
    await waitForHydration(page);
    await page.getByLabel("Email").first().fill("sam@demo.parcours.local");
    await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Votre compte est suspendu. Motif : Commentaires injurieux répétés");
    await expect(mainNav(page).getByRole("link", { name: "Connexion" })).toBeVisible();
  });

  test("continue with Google signs in through the OpenID Connect provider", async ({ page, removeMemberAfterTest }) => {
    removeMemberAfterTest("google.fan@example.com");
    await page.goto("/en/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" })).toBeVisible();
  });

  test("a Google sign-in refused for an unconfirmed account explains what to do, in both languages", async ({ page }) => {
    // Where better-auth sends the browser back when the account's address is not confirmed (decision 0025).
    await page.goto("/fr/login?error=google&error=account_not_linked");
    await expect(page.getByRole("alert")).toContainText("elle n'a pas encore été confirmée");
    await expect(page.getByRole("alert")).toContainText("page Mon compte");
    await page.goto("/en/login?error=google&error=account_not_linked");
    await expect(page.getByRole("alert")).toContainText("has not been confirmed yet");
  });

  test("a rate limit trips with a translated message", async ({ browser }) => {
    // A client address of its own, so the other tests keep theirs.
    const context = await browser.newContext({ extraHTTPHeaders: { "x-real-ip": "203.0.113.99" }, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/fr/login");
    const origin = new URL(page.url()).origin;
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.request.post("/fr/login", { form: { intent: "reset", email: `nobody${attempt}@example.com` }, headers: { origin } });
    }
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await page.locator("#forgot-password").getByLabel("Email").fill("encore@example.com");
    await page.locator("#forgot-password").getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("alert")).toHaveText("Trop de tentatives. Veuillez réessayer dans quelques minutes.");
    await context.close();
  });

  test("the account endpoints our forms rule over cannot be called from outside", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const email = `bypass.${Date.now()}@example.com`;
    for (const path of ["/api/auth/sign-up/email", "/api/auth/Sign-Up/Email/", "/api/auth//sign-up%2Femail"]) {
      const response = await request.post(path, { headers: { origin }, data: { name: "x", email, password: "Looping2026" } });
      expect(response.status(), path).toBe(404);
    }
    for (const path of ["/api/auth/update-user", "/api/auth/change-email", "/api/auth/send-verification-email", "/api/auth/delete-user"]) {
      expect((await request.post(path, { headers: { origin }, data: {} })).status(), path).toBe(404);
    }
    // No account was created without the captcha: the address cannot sign in.
    const signIn = await request.post("/api/auth/sign-in/email", { headers: { origin }, data: { email, password: "Looping2026" } });
    expect(signIn.status()).toBe(401);
  });

  test("a request from another site is refused", async ({ request, createMember }) => {
    const member = await createMember();
    const response = await request.post("/fr/login", {
      form: { intent: "login", email: member.email, password: member.password },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("two-factor authentication", () => {
  test("is turned on from the account settings and then asked at sign-in", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    await page.goto("/fr/account");
    await waitForHydration(page);
    await expectAccessible(page);
    // The account page has several password fields: this one is the two-factor section's.
    const twoFactor = page.getByRole("region", { name: "Authentification à deux facteurs" });
    await twoFactor.getByLabel("Mot de passe actuel").fill(member.password);
    await twoFactor.getByRole("button", { name: "Activer" }).click();
    await expect(page.getByRole("img", { name: "QR code à scanner avec votre application d'authentification" })).toBeVisible();
    const secret = (await page.locator("code").first().innerText()).trim();
    await page.getByLabel("Code de vérification").fill(totpCode(secret));
    await page.getByRole("button", { name: "Confirmer l'activation" }).click();
    await expect(page.getByText("L'authentification à deux facteurs est activée.")).toBeVisible();

    await page.getByRole("button", { name: "Se déconnecter partout" }).click();
    await expect(page).toHaveURL(/\/fr\/login$/);
    await waitForHydration(page);
    await page.getByLabel("Email").first().fill(member.email);
    await page.getByLabel("Mot de passe").fill(member.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/fr\/login\/two-factor$/);
    await page.getByLabel("Code de vérification").fill(totpCode(secret));
    await page.getByRole("button", { name: "Vérifier" }).first().click();
    await expect(mainNav(page).getByRole("link", { name: "Profil" })).toBeVisible();
  });
});
