import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, DEMO_PASSWORD } from "./support/sign-in";

test.describe("header and footer for a visitor", () => {
  test("show home, contribute, rankings, duels and login, and no dead link", async ({ page }) => {
    await page.goto("/fr/");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link")).toHaveText(["Accueil", "Carte", "Contribuer", "Classements", "Duels", "Connexion"]);
    await expect(page.getByRole("link", { name: "Profil" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toHaveCount(0);

    const hrefs = await page.locator("header a, footer a:not([target])").evaluateAll((links) =>
      links.map((link) => (link as HTMLAnchorElement).getAttribute("href")!),
    );
    for (const href of new Set(hrefs)) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("send a visitor who wants to contribute or duel to the login page", async ({ page }) => {
    await page.goto("/fr/contribute");
    await expect(page).toHaveURL(/\/fr\/login$/);
    // The duels bring the visitor back once signed in (docs/rules/duels-and-rankings.md#duels-page).
    await page.goto("/en/duels");
    await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fduels$/);
    await expectAccessible(page);
  });

  test("refuse the admin area to a visitor, and bring the administrator back to it after signing in", async ({ page }) => {
    await page.goto("/admin/users?q=Marie");
    await expect(page).toHaveURL(/\/fr\/login\?redirectTo=%2Fadmin%2Fusers%3Fq%3DMarie$/);
    await waitForHydration(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Se connecter" }) });
    await form.getByLabel("Email").fill(DEMO_ADMIN);
    await form.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?q=Marie$/);
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des utilisateurs" })).toBeVisible();
  });

  test("show the mobile icon bar with login on small screens", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/fr/");
    const bar = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("listitem")).toHaveCount(5);
    await expect(bar.getByRole("link")).toHaveText(["Accueil", "Carte", "Classements", "Duels"]);
    await bar.getByRole("button", { name: "Plus" }).click();
    await expect(bar.getByRole("link")).toHaveText(["Accueil", "Carte", "Classements", "Duels", "Contribuer", "Connexion"]);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    await expectAccessible(page);
    await context.close();
  });

  test("open and close the mobile bar's menu by keyboard, by a tap elsewhere and by following one of its links", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/fr/");
    await waitForHydration(page);
    const bar = page.getByRole("navigation", { name: "Navigation mobile" });
    const more = bar.getByRole("button", { name: "Plus" });
    const login = bar.getByRole("link", { name: "Connexion" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(login).toBeVisible();
    // The menu opens above the bar, inside the screen.
    const box = (await bar.getByRole("list").nth(1).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press("Tab");
    await expect(bar.getByRole("link", { name: "Contribuer" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(login).toBeHidden();
    await expect(more).toBeFocused();

    await more.click();
    await expect(login).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(login).toBeHidden();

    await more.click();
    await login.click();
    await expect(page).toHaveURL(/\/fr\/login$/);
    await expect(login).toBeHidden();
    await context.close();
  });

  test("answer an unknown address with a translated 404 page", async ({ page }) => {
    const french = await page.goto("/fr/parc-qui-n-existe-pas");
    expect(french?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc non trouvé");
    const english = await page.goto("/en/a/b/c");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expectAccessible(page);
  });
});
