import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

/** Notre-Dame de Paris: Parc Astérix, La Mer de Sable and Disneyland Paris are the nearest demo parks. */
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const NEAREST_TO_PARIS = ["Disneyland Paris", "La Mer de Sable", "Parc Astérix"];

/** Counts every call to the geolocation API, from before the page's own scripts run. */
async function countGeolocationCalls(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { geolocationCalls: number };
    counted.geolocationCalls = 0;
    const geolocation = navigator.geolocation;
    for (const name of ["getCurrentPosition", "watchPosition"] as const) {
      const original = geolocation[name].bind(geolocation) as (...args: unknown[]) => number;
      Object.defineProperty(geolocation, name, {
        value: (...args: unknown[]) => {
          counted.geolocationCalls += 1;
          return original(...args);
        },
      });
    }
  });
  return () => page.evaluate(() => (window as unknown as { geolocationCalls: number }).geolocationCalls);
}

const cards = (page: Page, region = "Parcs à la une") => page.getByRole("region", { name: region }).getByRole("listitem");

test.describe("near me (decision 0034)", () => {
  test("sorts the list by distance from the browser's position, asked only after the click", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(PARIS);
    const geolocationCalls = await countGeolocationCalls(page);
    await page.goto("/fr");
    await waitForHydration(page);
    expect(await geolocationCalls()).toBe(0);
    await expect(page.getByLabel("Trier par").locator("option[value=distance]")).toHaveCount(0);

    await page.getByRole("button", { name: "Autour de moi" }).click();
    await expect(page).toHaveURL(/[?&]near=48\.857,2\.352&sort=distance$/);
    expect(await geolocationCalls()).toBe(1);
    const panel = page.getByRole("region", { name: "Parcs les plus proches" });
    await expect(panel).toContainText("Distances depuis votre position");
    await expect(page.getByLabel("Trier par")).toHaveValue("distance");
    await expect.poll(async () => (await cards(page).locator("h3").allTextContents()).slice(0, 3).sort()).toEqual(NEAREST_TO_PARIS);
    await expect(cards(page).first()).toContainText(/à \d+ km/);
    await expect(cards(page)).toHaveCount(24);
    await expectAccessible(page);

    // The origin survives the other filters and paging.
    await page.getByLabel("Pays").selectOption("Allemagne");
    await expect(page).toHaveURL(/country=Allemagne/);
    // The form writes the comma as %2C, parkListSearch as a comma: both read alike.
    await expect(page).toHaveURL(/near=48\.857(,|%2C)2\.352/);
    await expect(cards(page)).toHaveCount(4);
    // Phantasialand (Brühl) is about 390 km from Paris, Europa-Park about 400.
    await expect(cards(page).first()).toContainText("Phantasialand");

    await panel.getByRole("link", { name: "Retirer ce point de départ" }).click();
    await expect(page).toHaveURL(/\?country=Allemagne$/);
    await expect(page.getByText(/à \d+ km/)).toHaveCount(0);
  });

  test("a refused permission says so, and the list stays as it was", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/fr?sort=thrill");
    await waitForHydration(page);
    const before = await cards(page).locator("h3").allTextContents();
    await page.getByRole("button", { name: "Autour de moi" }).click();
    await expect(page.getByRole("alert")).toHaveText("Position non partagée : saisissez plutôt une ville ci-dessous.");
    await expect(page).toHaveURL(/\/fr\?sort=thrill$/);
    expect(await cards(page).locator("h3").allTextContents()).toEqual(before);
    await expectAccessible(page);
  });

  test("a typed town sorts the list from there; an unknown one is named back", async ({ page }) => {
    await page.goto("/fr?country=France");
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Parcs les plus proches" });
    await panel.getByLabel("Depuis une ville").fill("lyon");
    await panel.getByRole("button", { name: "Trier par distance" }).click();
    await expect(page).toHaveURL(/country=France&town=lyon&sort=distance/);
    await expect(panel).toContainText("Distances depuis Lyon (France)");
    await expect(cards(page).first()).toContainText("Walibi Rhône-Alpes");
    await expect(cards(page).first()).toContainText(/à \d+ km/);
    await expectAccessible(page);

    await panel.getByLabel("Depuis une ville").fill("Xyzzyville");
    await panel.getByRole("button", { name: "Trier par distance" }).click();
    await expect(page.getByRole("alert")).toHaveText("Ville introuvable : « Xyzzyville ». Essayez une autre orthographe ou une ville voisine.");
    await expect(page.getByText(/à \d+ km/)).toHaveCount(0);
    await expect(page.getByLabel("Trier par")).toHaveValue("rating");
    await expect(cards(page)).toHaveCount(9);
    await expectAccessible(page);
  });

  test("works without JavaScript: no button, the town form still sorts, in English too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/en");
    const panel = page.getByRole("region", { name: "Nearest parks" });
    await expect(panel.getByRole("button", { name: "Near me" })).toHaveCount(0);
    await panel.getByLabel("From a town").fill("Göteborg");
    await panel.getByRole("button", { name: "Sort by distance" }).click();
    await expect(page).toHaveURL(/town=G%C3%B6teborg&sort=distance/);
    await expect(panel).toContainText("Distances from Göteborg (Sweden)");
    await expect(cards(page, "Featured parks").first()).toContainText("Liseberg");
    await expect(cards(page, "Featured parks").first()).toContainText(/\d(\.\d)? km away/);
    await context.close();
  });
});
