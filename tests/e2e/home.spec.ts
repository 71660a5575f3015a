import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("home", () => {
  test("is French at / for a French browser and lists real parks", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trouvez votre prochain parc");
    await expect(page).toHaveTitle(/Parcours/);
    const parks = page.getByRole("region", { name: "Parcs à la une" }).getByRole("listitem");
    // The 27 demo parks, and any park another test has just had approved (the back office's tests).
    const count = page.getByRole("status").filter({ hasText: /^\d+ parcs/ });
    await expect(count).toBeVisible();
    expect(Number((await count.innerText()).match(/^\d+/)![0])).toBeGreaterThanOrEqual(27);
    await expect(parks).toHaveCount(24);
    await expect(parks.filter({ hasText: "Parc Astérix" })).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Pages de la liste des parcs" })).toContainText("Page 1 sur");
    await expectAccessible(page);
  });

  test("is English under /en with canonical and hreflang links", async ({ page }) => {
    await page.goto("/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next park");
    const base = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base}/en/`);
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", `${base}/fr/`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${base}/en/`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${base}/`);
    await expectAccessible(page);
  });

  test("follows the browser's language on unprefixed paths", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/terms");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
    await context.close();
  });
});
