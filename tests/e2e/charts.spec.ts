import type { Locator } from "@playwright/test";
import { expect, expectAccessible, giveRideReview, giveParkReview, test, waitForHydration } from "./support/fixtures";

/** The rows of a chart's hidden table (its text alternative), as the text of their cells. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? "")));
}

const count = /^\d[\d\u202f]*$/;
const share = /^\d+\u00a0%$/;

test.describe("charts drawn on the server (decision 0035)", () => {
  test("a park page draws each rated category's distribution, with a table that lists every count", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    const ratings = page.getByRole("region", { name: "Notes moyennes" });
    await expect(ratings.getByRole("heading", { name: "Répartition des notes par catégorie" })).toBeVisible();
    await expect(ratings.getByRole("img", { name: "Répartition des notes : Sensations" })).toBeVisible();
    const table = ratings.getByRole("table", { name: "Répartition des notes par catégorie" });
    await expect(table.getByRole("columnheader")).toHaveText(["Catégorie", "1 étoile", "2 étoiles", "3 étoiles", "4 étoiles", "5 étoiles"]);
    const rows = await tableRows(table);
    expect(rows.length).toBeGreaterThan(0);
    // One small chart per row of the table, each named after its category.
    await expect(ratings.getByRole("img", { name: /^Répartition des notes : / })).toHaveCount(rows.length);
    for (const [category, ...cells] of rows) {
      await expect(ratings.getByRole("img", { name: `Répartition des notes : ${category}` })).toBeVisible();
      for (const cell of cells) expect(cell).toMatch(/^\d[\d\u202f]* \(\d+\u00a0%\)$/);
    }
    await expectAccessible(page);
  });

  test("a document carries its charts once, in its markup; they stay through a rating of the member's own and come with a page reached by a link (decision 0068)", async ({
    page,
    signInAsNewMember,
  }) => {
    const chart = (name: string) => page.getByRole("region", { name: "Notes moyennes" }).getByRole("img", { name: `Répartition des notes : ${name}` });
    const html = await (await page.goto("/fr/parc-asterix"))!.text();
    // The picture's markup is in the page, not in the data it is hydrated from, which only names it.
    const data = html.slice(html.indexOf("streamController.enqueue("));
    expect(html).toContain('aria-label="Répartition des notes : Sensations"');
    expect(data).toContain("park-ratings");
    expect(data).not.toContain("Répartition des notes : Sensations");
    await waitForHydration(page);
    await expect(chart("Sensations")).toBeVisible();

    // Reached by a link and back: both pages' data bring their pictures.
    await page.getByRole("link", { name: /Romus et Rapidus/ }).first().click();
    await expect(page.getByRole("region", { name: "Répartition des notes" }).getByRole("img", { name: "Répartition des notes" })).toBeVisible();
    await page.goBack();
    await expect(chart("Sensations")).toBeVisible();

    // A member's own rating: the page's data is read again and the picture drawn anew, their star counted.
    await signInAsNewMember();
    await page.goto("/fr/parc-asterix");
    await waitForHydration(page);
    const fives = async () => (await tableRows(page.getByRole("table", { name: "Répartition des notes par catégorie" }))).find(([category]) => category === "Thématisation")![5]!;
    const before = Number.parseInt((await fives()).replace(/\D.*$/u, ""), 10);
    const form = page.getByRole("region", { name: "Votre avis sur le parc" });
    await form.getByRole("group", { name: "Thématisation" }).getByRole("radio", { name: "5 étoiles" }).check({ force: true });
    await form.getByRole("radio", { name: "Une demi-journée" }).check();
    await form.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Merci, votre avis est publié.")).toBeVisible();
    await expect.poll(async () => Number.parseInt((await fives()).replace(/\D.*$/u, ""), 10)).toBe(before + 1);
    await expect(chart("Thématisation")).toBeVisible();
  });

  test("a ride page draws its distribution of ratings, count and share per star, in English too", async ({ page }) => {
    await page.goto("/fr/parc-asterix/romus-et-rapidus");
    const section = page.getByRole("region", { name: "Répartition des notes" });
    await expect(section.getByRole("img", { name: "Répartition des notes" })).toBeVisible();
    const rows = await tableRows(section.getByRole("table", { name: "Répartition des notes" }));
    expect(rows.map(([stars]) => stars)).toEqual(["5 étoiles", "4 étoiles", "3 étoiles", "2 étoiles", "1 étoile"]);
    for (const [, counted, part] of rows) {
      expect(counted).toMatch(count);
      expect(part).toMatch(share);
    }
    await expectAccessible(page);

    await page.goto("/en/parc-asterix/romus-et-rapidus");
    const english = page.getByRole("region", { name: "Rating distribution" });
    await expect(english.getByRole("img", { name: "Rating distribution" })).toBeVisible();
    expect((await tableRows(english.getByRole("table"))).map(([stars]) => stars)).toEqual(["5 stars", "4 stars", "3 stars", "2 stars", "1 star"]);
  });

  test("a member's profile draws their ratings by month and their rides by type", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    await page.goto("/fr/profile");
    // Nothing rated yet: a sentence, no empty frame.
    const months = page.getByRole("region", { name: "Notes des douze derniers mois" });
    await expect(months).toContainText("Aucune note ces douze derniers mois.");
    await expect(months.getByRole("img")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Attractions par type" })).toContainText("Aucune attraction notée pour l'instant.");
    await expectAccessible(page);

    await giveRideReview(member, "disneyland-paris/big-thunder-mountain", { rating: "4", audienceType: "thrill" });
    await giveRideReview(member, "europa-park/silver-star", { rating: "5", audienceType: "thrill" });
    await giveRideReview(member, "disneyland-paris/disneyland-railroad", { rating: "2", audienceType: "general" });
    await giveParkReview(member, "efteling", { theming: "4", visitDuration: "full_day", comment: "" });
    await page.reload();

    await expect(months.getByRole("img", { name: "Notes des douze derniers mois" })).toBeVisible();
    const monthRows = await tableRows(months.getByRole("table", { name: "Notes des douze derniers mois" }));
    expect(monthRows).toHaveLength(12);
    const thisMonth = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    expect(monthRows.at(-1)).toEqual([thisMonth, "1", "3"]);
    expect(monthRows.slice(0, -1).every(([, parks, rides]) => parks === "0" && rides === "0")).toBe(true);

    const types = page.getByRole("region", { name: "Attractions par type" });
    await expect(types.getByRole("img", { name: "Attractions notées par type" })).toBeVisible();
    const typeRows = await tableRows(types.getByRole("table", { name: "Attractions notées par type" }));
    expect(typeRows).toContainEqual(["Montagnes russes", "2"]);
    expect(typeRows).toContainEqual(["Transport", "1"]);
    // Every type, the two outside the grid of cards included.
    expect(typeRows).toHaveLength(10);
    expect(typeRows).toContainEqual(["Manège", "0"]);
    await expectAccessible(page);
  });
});
