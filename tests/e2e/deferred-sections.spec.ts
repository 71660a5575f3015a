import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";

/**
 * The sections whose code is not in a page's first load (decision 0065): drawn by the server, hydrated or fetched
 * once their chunk arrives. A click before then must not be lost: React does not replay it on markup it has not
 * hydrated, so the markup itself must do what is asked (a link is followed by the browser).
 */

/** Holds back the browser's requests for a chunk: they never get an answer while the page is open. */
async function holdChunk(page: Page, name: string) {
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), () => undefined);
}

/** Whether the page is still the document it was when `markDocument` ran: a navigation inside the page keeps it. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe("the footer, hydrated after the first load", () => {
  test("is drawn before its script, and a link followed then is followed by the browser", async ({ page }) => {
    await holdChunk(page, "footer");
    await page.goto("/fr");
    // Everything but the footer's chunk has run: React has hydrated the rest of the page.
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined);
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
    await markDocument(page);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Le guide communautaire des parcs d'attractions et de leurs attractions.")).toBeVisible();

    const documentRequest = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/fr/terms");
    await footer.getByRole("link", { name: "Conditions d'utilisation" }).click();
    await documentRequest;
    await expect(page).toHaveURL(/\/fr\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
  });

  test("once its script has arrived, a link navigates inside the page", async ({ page }) => {
    await page.goto("/fr");
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/fr\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    // The footer kept its markup through hydration and the navigation: one footer, with its links.
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Conditions d'utilisation" })).toBeVisible();
  });
});

test.describe("the error page, fetched when shown", () => {
  test("is in a missing page's HTML before its script arrives", async ({ page }) => {
    await holdChunk(page, "route-error-page");
    const response = await page.goto("/fr/aucun-parc-de-ce-nom");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Erreur 404")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc non trouvé");
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
  });

  test("is drawn after a navigation inside the page to a missing page", async ({ page }) => {
    await page.goto("/fr");
    await waitForHydration(page);
    await markDocument(page);
    const chunk = page.waitForResponse((answer) => /\/assets\/route-error-page-[\w-]+\.js$/.test(answer.url()));
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        "/fr/aucun-parc-de-ce-nom",
      ),
    );
    await chunk;
    await expect(page.getByText("Erreur 404")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc non trouvé");
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("the park's ride lists, hydrated after the first load", () => {
  test("are drawn before their script; a ride followed then is followed by the browser", async ({ page }) => {
    await holdChunk(page, "park-sections");
    await page.goto("/fr/parc-asterix");
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined);
    await markDocument(page);
    const card = page.getByRole("region", { name: "Attractions", exact: true }).getByRole("listitem").first().getByRole("link");
    const rideName = (await card.locator("span.ride-card-name").textContent())!;
    await card.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(rideName);
    expect(await sameDocument(page)).toBe(false);
  });

  test("a filter chosen before their script arrives is applied once it has", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/park-sections-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/fr/europa-park");
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined);
    await page.getByLabel("Trier par").selectOption("name");
    await page.getByLabel("Rechercher une attraction").fill("silver");
    release();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).toHaveURL(/q=silver/);
    const list = page.getByRole("region", { name: "Attractions", exact: true }).getByRole("listitem");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Silver Star");
  });
});
