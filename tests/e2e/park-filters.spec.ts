import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

test.describe("park page", () => {
  test("shows average ratings per category and the recommended visit", async ({ page }) => {
    await page.goto("/fr/europa-park");
    const ratings = page.getByRole("region", { name: "Notes moyennes" });
    for (const label of ["Note globale", "Enfants", "Famille", "Sensations", "Thématisation", "Fonctionnement", "Rapport qualité/prix", "Qualité des attractions"]) {
      // The label of its average (a term); the category's chart names it too, in its picture and its table.
      await expect(ratings.getByRole("term").filter({ hasText: new RegExp(`^${label.replace("/", "\\/")}$`) })).toBeVisible();
    }
    await expect(ratings.getByText(/^\d,\d \/ 5$/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Durée de visite recommandée" })).toBeVisible();
  });

  test("filters the rides in the address: search, sort, audience, reset", async ({ page }) => {
    await page.goto("/fr/europa-park");
    await waitForHydration(page);
    const list = page.getByRole("region", { name: "Attractions", exact: true }).getByRole("listitem");
    const names = async () => list.locator("span.ride-card-name").allTextContents();

    await page.getByLabel("Trier par").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    const alphabetical = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, "fr", { sensitivity: "base" }));
    await expect.poll(async () => {
      const shown = await names();
      return shown.length > 1 && shown.join("|") === alphabetical(shown).join("|");
    }).toBe(true);

    await page.getByLabel("Rechercher une attraction").fill("silver");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Silver Star");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Réinitialiser" }).click();
    await expect(page).toHaveURL(/\/fr\/europa-park$/);
    await page.getByLabel("Public").selectOption("thrill");
    await expect(page).toHaveURL(/audience=thrill/);
    // The list re-renders from the address: wait until every card shown is for thrill seekers.
    await expect.poll(async () => {
      const cards = await list.allTextContents();
      return cards.length > 0 && cards.every((text) => text.includes("Sensations fortes"));
    }).toBe(true);

    // A shared address shows the same list.
    await page.goto("/fr/europa-park?q=silver");
    await expect(list).toHaveCount(1);
  });

  test("back from a ride, its card is highlighted for 2 seconds", async ({ page }) => {
    // The page's clock is ours: it stands still once the page has hydrated, so a slow machine
    // cannot let the 2 seconds run out before the highlight is looked at.
    await page.clock.install();
    await page.goto("/fr/parc-asterix");
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 1000);
    const card = page.getByRole("region", { name: "Attractions", exact: true }).getByRole("listitem").nth(4).getByRole("link");
    const rideName = (await card.locator("span.ride-card-name").textContent())!;
    await card.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(rideName);
    await page.goBack();
    const highlighted = page.locator("[data-highlighted]");
    await expect(highlighted).toContainText(rideName);
    await expect(highlighted).toBeInViewport();
    await page.clock.runFor(1900);
    await expect(highlighted).toContainText(rideName);
    await page.clock.runFor(100);
    await expect(highlighted).toHaveCount(0);
  });
});
