import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

test.describe("home park list filters", () => {
  test("filter by country and region, in the address, with the back button", async ({ page }) => {
    await page.goto("/fr/");
    await waitForHydration(page);
    const cards = page.getByRole("region", { name: "Parcs à la une" }).getByRole("listitem");
    await page.getByLabel("Pays").selectOption("France");
    await expect(page).toHaveURL(/country=France/);
    await expect(cards).toHaveCount(9);
    for (const text of await cards.allTextContents()) expect(text).toContain("France");
    await page.getByLabel("Région").selectOption("Grand Est");
    await expect(page).toHaveURL(/region=Grand\+Est/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Nigloland");
    await expectAccessible(page);

    // Shared address, same list.
    await page.goto("/fr/?country=Allemagne");
    await expect(cards).toHaveCount(4);
    await page.getByRole("link", { name: "Réinitialiser" }).click();
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(cards).toHaveCount(24);
  });

  test("minimum rating stars toggle off when clicked again; sort by thrill", async ({ page }) => {
    await page.goto("/fr/?country=France");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Au moins 4 étoiles" }).click();
    await expect(page).toHaveURL(/min=4/);
    await page.getByRole("link", { name: "Au moins 4 étoiles" }).click();
    await expect(page).not.toHaveURL(/min=/);
    await page.getByLabel("Trier par").selectOption("thrill");
    await expect(page).toHaveURL(/sort=thrill/);
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/\?country=France$/);
    await expect(page.getByLabel("Trier par")).toHaveValue("rating");
  });

  test("pages through the parks", async ({ page }) => {
    // The 27 demo parks, and any park another test has just had approved: page 2 holds what the
    // first page's 24 leave.
    await page.goto("/en/");
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("region", { name: "Featured parks" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole("region", { name: "Featured parks" }).getByRole("listitem")).toHaveCount(24);
  });
});
