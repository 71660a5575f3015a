import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("park and attraction pages", () => {
  test("show a park with its rides and its closed rides, then a ride", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc Astérix");
    await expect(page.getByRole("heading", { name: "Attractions disparues" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("region", { name: "Attractions", exact: true }).getByRole("listitem").first().getByRole("link").click();
    await expect(page.getByRole("link", { name: /Retour à Parc Astérix/ })).toBeVisible();
    await expectAccessible(page);
  });

  test("answer an unknown park id with 'Parc non trouvé'", async ({ page }) => {
    const response = await page.goto("/parks/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc non trouvé");
    const malformed = await page.goto("/en/attractions/not-an-id");
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ride not found");
  });
});
