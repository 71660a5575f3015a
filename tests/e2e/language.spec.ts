import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

test.describe("language switch", () => {
  test("keeps the path and remembers the choice", async ({ page }) => {
    await page.goto("/fr/contact");
    await waitForHydration(page);
    await page.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel("Subject")).toBeVisible();

    // The choice is remembered for unprefixed addresses, though the browser is French.
    await page.goto("/terms");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("en");

    await page.getByRole("link", { name: "Français", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions générales d'utilisation");
  });

  test("keeps a park page's path", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    await waitForHydration(page);
    await page.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/parc-asterix$/);
    await expect(page.getByRole("heading", { name: "Rides", exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
