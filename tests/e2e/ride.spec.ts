import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import type { Locator, Page } from "@playwright/test";

/** The value shown for a label in one of the page's info cards. */
function fact(page: Page, card: string, label: string): Locator {
  return page
    .getByRole("region", { name: card, exact: true })
    .locator("div", { has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");
}

test.describe("attraction page", () => {
  test("shows the info cards with French formats, and nothing from YouTube", async ({ page }) => {
    const youtube: string[] = [];
    page.on("request", (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) youtube.push(request.url());
    });
    await page.goto("/fr/europa-park/silver-star");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Silver Star");
    await expect(fact(page, "Type et public", "Type")).toHaveText("Montagnes russes");
    await expect(fact(page, "Caractéristiques", "Hauteur")).toHaveText("73 m");
    await expect(fact(page, "Caractéristiques", "Vitesse maximale")).toHaveText("127 km/h");
    await expect(fact(page, "Caractéristiques", "Longueur du parcours")).toHaveText("1,6 km");
    await expect(fact(page, "Caractéristiques", "Inversions")).toHaveText("0");
    await expect(fact(page, "Caractéristiques", "Durée")).toHaveText("4 min");
    // French groups thousands with a narrow no-break space.
    await expect(fact(page, "Caractéristiques", "Capacité")).toHaveText(/^1\s750 pers\.\/h$/);
    await expect(fact(page, "Restrictions", "Taille minimale pour monter seul")).toHaveText("140 cm");
    await expect(fact(page, "Informations", "Parc")).toHaveText("Europa-Park");
    await expect(fact(page, "Informations", "Année d'ouverture")).toHaveText("2002");
    await expect(fact(page, "Informations", "Statut")).toHaveText("En fonctionnement");
    await expect(fact(page, "Ouverture", "Horaires du parc")).toHaveText("9h00 - 18h00 (plus tard en été)");
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
    expect(youtube).toEqual([]);

    await fact(page, "Informations", "Parc").getByRole("link").click();
    await expect(page).toHaveURL(/\/fr\/europa-park$/);
  });

  test("shows English formats and a maximum height with the rules' label", async ({ page }) => {
    await page.goto("/en/europa-park/silver-star");
    await expect(fact(page, "Characteristics", "Track length")).toHaveText("1.6 km");
    await expect(fact(page, "Characteristics", "Capacity")).toHaveText("1,750 riders/h");
    await expect(fact(page, "Information", "Status")).toHaveText("Operating");
    await page.goto("/fr/energylandia/hyperion");
    await expect(fact(page, "Restrictions", "Taille maximale")).toHaveText("Max 195cm");
    await expect(fact(page, "Caractéristiques", "Vitesse maximale")).toHaveText("142 km/h");
    await expectAccessible(page);
  });

  test("carries a canonical og:url, its locale and a trimmed description", async ({ page, baseURL }) => {
    await page.goto("/en/europa-park/silver-star");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(`${baseURL}/en/europa-park/silver-star`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
    await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute("content", "fr_FR");
    // The ride's own description, cut at a word to fit what search engines show.
    const description = (await page.locator('meta[name="description"]').getAttribute("content"))!;
    expect(description.length).toBeLessThanOrEqual(160);
    const shown = await page.getByRole("region", { name: "Description" }).getByRole("paragraph").textContent();
    expect(shown!.startsWith(description.replace(/…$/, ""))).toBe(true);
    await page.goto("/fr/parc-asterix");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/fr/parc-asterix`);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "fr_FR");
  });

  test("answers an unknown ride with 'Attraction non trouvée' (404)", async ({ page }) => {
    const response = await page.goto("/fr/europa-park/attraction-inconnue");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Attraction non trouvée");
    const english = await page.goto("/en/europa-park/unknown-ride");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ride not found");
    await expectAccessible(page);
  });
});
