import { expect, expectAccessible, test } from "./support/fixtures";

// PortAventura Park (app/server/demo/data): the member is new, so the plan starts empty.
const PARK = "/fr/portaventura-park";

// The service worker (public/sw.js) answers the offline page: this file lets it in (playwright.config.ts blocks it).
test.use({ serviceWorkers: "allow" });

/** Chromium's own report of a request that found no network: expected while the test has it cut. */
const OFFLINE_FAILURE = /net::ERR_(INTERNET_DISCONNECTED|FAILED|NAME_NOT_RESOLVED|CONNECTION_REFUSED)/;

test.describe("the site's offline page", () => {
  test.afterEach(({ consoleErrors }) => {
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));
  });

  test("offline, a page never kept shows the site's offline page in the address's language, with nothing of the member; online, never", async ({
    page,
    context,
    request,
    signInAsNewMember,
  }) => {
    test.setTimeout(120_000);
    const member = await signInAsNewMember();
    // A plan kept offline is what installs the worker.
    await page.goto(PARK);
    const plan = page.locator("#visit-plan");
    await expect(plan.locator("[data-interactive]")).toHaveCount(1);
    await page.getByRole("button", { name: "Ajouter au plan : Stampida" }).click();
    await expect(plan.locator("[data-offline-ready]")).toBeVisible();

    await context.setOffline(true);
    // Never visited: no copy of it, so the site's page rather than the browser's error.
    await page.goto("/fr/rankings");
    await expect(page).toHaveURL(/\/fr\/rankings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vous êtes hors connexion");
    await expect(page).toHaveTitle("Hors connexion — Parcours");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByText("Cette page n'a pas été gardée sur cet appareil pour être lue sans réseau.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/fr");
    await expect(page.getByRole("link", { name: "Réessayer" })).toHaveAttribute("href", "");
    await expect(page.getByText(member.username)).toHaveCount(0);
    await expectAccessible(page);
    // The kept park page is still the member's own copy, not the offline page.
    await page.goto(PARK);
    await expect(page.getByRole("heading", { level: 1, name: "PortAventura Park" })).toBeVisible();
    await page.goto("/en/map");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/en");

    // The network back: 'Try again' opens the page asked for, and online the worker never answers its offline page.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/en\/map$/);
    await expect(page.locator("[data-offline-page]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("You are offline");
    await page.goto("/fr/rankings");
    await expect(page.locator("[data-offline-page]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Vous êtes hors connexion");
    // Nor does the server, to anything but the worker's request for it.
    const direct = await request.get("/api/offline-page/fr");
    expect(direct.status()).toBe(404);
  });
});
