import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

test.describe("header links per role", () => {
  test("a member sees profile and logout, no admin link, and is refused the admin area", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link")).toHaveText(["Accueil", "Carte", "Contribuer", "Classements", "Duels", "Profil"]);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expectAccessible(page);

    const refused = await page.goto("/admin/users");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès refusé");
  });

  test("the administrator sees the admin link and enters the admin area", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/fr/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link")).toHaveText(["Accueil", "Carte", "Contribuer", "Classements", "Duels", "Profil", "Admin"]);
    await nav.getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Menu d'administration" }).getByRole("link")).toHaveText([
      "Tableau de bord",
      "Parcs",
      "Attractions",
      "Utilisateurs",
      "Avis",
      "Commentaires signalés",
      "Suggestions",
      "Paramètres",
      "Journal de modération",
    ]);
    const menu = page.getByRole("navigation", { name: "Menu d'administration" });
    await expect(menu.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expectAccessible(page);
  });

  test("logging out ends the session on the server", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/en/");
    const cookie = (await page.context().cookies()).find((c) => c.name.includes("session_token"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Log in" })).toBeVisible();

    // The old cookie, replayed, no longer opens a session.
    await page.context().addCookies([cookie!]);
    await page.goto("/en/");
    await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
  });

  test("on mobile, a member gets the language modal in place of the admin link", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" });
    const page = await context.newPage();
    await signIn(page, baseURL!, member.email, member.password);
    await page.goto("/fr/parc-asterix");
    await waitForHydration(page);
    const bar = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(bar.getByRole("link")).toHaveText(["Accueil", "Carte", "Classements", "Duels"]);
    // The rest is in the bar's menu: the header keeps only the language toggle.
    await bar.getByRole("button", { name: "Plus" }).click();
    await expect(bar.getByRole("link")).toHaveText(["Accueil", "Carte", "Classements", "Duels", "Contribuer", "Profil", member.username]);
    await expect(bar.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(bar.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Déconnexion" })).toBeHidden();
    const language = bar.getByRole("button", { name: "Langue" });
    await language.click();
    const dialog = page.getByRole("dialog", { name: "Choisir la langue" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    // The modal's code arrives on the first opening (decision 0013); Escape closes it, gives the focus back, and it opens again.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(language).toBeFocused();
    await language.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/parc-asterix$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
