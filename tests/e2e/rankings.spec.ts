import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

// The rankings page (docs/rules/duels-and-rankings.md#rankings-page) and home's Top Duels, on the demo content. Nothing
// here writes: every test reads the demo's rankings, which other tests' writes may reorder but
// never empty.

const tabs = (page: Page) => page.getByRole("tablist", { name: /Classements|Rankings/ }).getByRole("tab");
const rows = (page: Page) => page.getByRole("tabpanel").getByRole("table").locator("tbody tr");

const TABS = [
  { search: "", fr: "Meilleures attractions", en: "Best attractions", column: { fr: "Note pondérée", en: "Weighted score" } },
  { search: "?tab=duels", fr: "Classement des duels", en: "Duel ranking", column: { fr: "Force", en: "Strength" } },
  { search: "?tab=contributors", fr: "Meilleurs contributeurs", en: "Top contributors", column: { fr: "Parcs ajoutés", en: "Parks added" } },
  { search: "?tab=reviewers", fr: "Meilleurs évaluateurs", en: "Top reviewers", column: { fr: "Coefficient", en: "Coefficient" } },
  { search: "?tab=riders", fr: "Meilleurs riders", en: "Top riders", column: { fr: "Crédits", en: "Credits" } },
] as const;

test.describe("rankings page", () => {
  for (const language of ["fr", "en"] as const) {
    for (const tab of TABS) {
      test(`${language}: "${tab[language]}" renders the demo's ranking at its own address`, async ({ page }) => {
        const response = await page.goto(`/${language}/rankings${tab.search}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "fr" ? "Classements" : "Rankings");
        await expect(tabs(page).filter({ hasText: tab[language] })).toHaveAttribute("aria-selected", "true");
        await expect(page.getByRole("tabpanel", { name: tab[language] })).toBeVisible();
        await expect(page.getByRole("columnheader", { name: tab.column[language], exact: true })).toBeVisible();
        expect(await rows(page).count()).toBeGreaterThanOrEqual(3);
        // Ranks 1 to 3 wear a medal with a text alternative.
        const medals = language === "fr" ? ["Médaille d'or", "Médaille d'argent", "Médaille de bronze"] : ["Gold medal", "Silver medal", "Bronze medal"];
        for (const [index, medal] of medals.entries()) await expect(rows(page).nth(index).getByRole("rowheader")).toContainText(medal);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${language}/rankings${tab.search.replace("?", "\\?")}$`));
        await expectAccessible(page);
      });
    }
  }

  test("ride rows link to the ride's page, member rows to the profile", async ({ page }) => {
    await page.goto("/fr/rankings");
    const ride = rows(page).first().getByRole("link").first();
    const name = (await ride.textContent())!;
    await ride.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    await page.goto("/fr/rankings?tab=reviewers");
    await expect(rows(page).first().getByRole("cell").nth(2)).toHaveText(/^x\d,\d\d$/);
    const member = rows(page).first().getByRole("link");
    const username = (await member.textContent())!;
    await member.click();
    await expect(page).toHaveURL(/\/fr\/profile\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(username);
  });

  test("tabs follow the keyboard: arrows, Home and End move the focus, Enter opens the tab", async ({ page }) => {
    await page.goto("/fr/rankings");
    await waitForHydration(page);
    const selected = tabs(page).filter({ hasText: "Meilleures attractions" });
    // One tab stop: the selected tab.
    await expect(selected).toHaveAttribute("tabindex", "0");
    await expect(tabs(page).filter({ hasText: "Classement des duels" })).toHaveAttribute("tabindex", "-1");
    await selected.focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs(page).filter({ hasText: "Classement des duels" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(tabs(page).filter({ hasText: "Meilleurs riders" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tabs(page).filter({ hasText: "Meilleures attractions" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs(page).filter({ hasText: "Meilleurs évaluateurs" })).toBeFocused();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/fr\/rankings\?tab=duels$/);
    await expect(tabs(page).filter({ hasText: "Classement des duels" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs(page).filter({ hasText: "Classement des duels" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press(" ");
    await expect(page).toHaveURL(/\/fr\/rankings\?tab=contributors$/);
    await expect(page.getByRole("tabpanel", { name: "Meilleurs contributeurs" })).toBeVisible();
  });

  test("the ride rankings rank per type, chosen in a select, with an 'all types' choice", async ({ page }) => {
    await page.goto("/fr/rankings?tab=duels");
    await waitForHydration(page);
    const type = page.getByLabel("Type d'attraction");
    await expect(type).toHaveValue("");
    await type.selectOption({ label: "Montagnes russes" });
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/\?tab=duels&type=roller_coaster$/);
    await expect(type).toHaveValue("roller_coaster");
    await expect(page.getByRole("table", { name: "Classement des duels : Montagnes russes" })).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThanOrEqual(3);
    await expect(page).toHaveTitle(/^Classement des duels : Montagnes russes/);

    await page.goto("/en/rankings?type=roller_coaster");
    await waitForHydration(page);
    await expect(page.getByRole("table", { name: "Best attractions: Roller coaster" })).toBeVisible();
    // The keyboard alone: focus the select, choose with the arrows, Enter on the button.
    await page.getByLabel("Attraction type").focus();
    await page.keyboard.press("Home");
    await page.getByRole("button", { name: "Show" }).press("Enter");
    await expect(page).toHaveURL(/\/en\/rankings$/);
    await expect(page.getByRole("table", { name: "Best attractions", exact: true })).toBeVisible();
  });

  test("an address that is no tab is a 404 page", async ({ page }) => {
    const response = await page.goto("/fr/rankings?tab=everything");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

/** The score that orders a ride ranking's rows, read from each row's score cell (the second cell after the rank). */
async function scores(page: Page): Promise<number[]> {
  const texts = await rows(page).locator("td:nth-of-type(2) > span:first-child").allTextContents();
  return texts.map((text) => Number(text.replace(/\s|%/g, "").replace(",", ".")));
}

test.describe("rankings on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen shows rows, with the score that orders them and its count", async ({ page }) => {
    await page.goto("/fr/rankings");
    const first = rows(page).first();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // The score used for the order: the Bayesian average, two decimals with a French comma, explained.
    const header = page.getByRole("columnheader", { name: "Note pondérée" });
    await expect(header).toBeVisible();
    await expect(header).toHaveAccessibleDescription(/moyenne bayésienne/);
    await expect(first.getByRole("cell").nth(1)).toHaveText(/^\d,\d\dmoyenne \d,\d$/);
    await expect(first.getByRole("cell").nth(2)).toHaveText(/^\d+$/);
    const ordered = await scores(page);
    expect(ordered.length).toBeGreaterThanOrEqual(3);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    // The explanation folds away, and opens.
    const note = page.getByText(/^Classées par note pondérée/);
    await expect(note).toBeHidden();
    await page.getByText("Comment ce classement est-il calculé ?").click();
    await expect(note).toBeVisible();
    await expectAccessible(page);
  });

  test("the duel ranking shows its strength (decision 0077), in order, and the record behind it", async ({ page }) => {
    await page.goto("/en/rankings?tab=duels");
    const first = rows(page).first();
    expect((await first.boundingBox())!.y).toBeLessThan(844);
    await expect(page.getByRole("columnheader", { name: "Strength" })).toHaveAccessibleDescription(/Bradley–Terry/);
    await expect(first.getByRole("cell").nth(1)).toHaveText(/^\d+%\d+% won$/);
    await expect(first.getByRole("cell").nth(2)).toHaveText(/^\d+–\d+\d+ wins, \d+ losses$/);
    const ordered = await scores(page);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  });

  test("Top riders at 360 px: the members who show their credits, most first, each linking to their profile", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/fr/rankings?tab=riders");
    await expect(tabs(page).filter({ hasText: "Riders" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("table", { name: "Meilleurs riders", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const first = rows(page).first();
    expect((await first.boundingBox())!.y).toBeLessThan(800);
    // Rank, member, credits: the credits, which order the rows, explained by the tab's note.
    await expect(page.getByRole("columnheader")).toHaveText(["Rang", "Membre", "Crédits"]);
    await expect(page.getByRole("columnheader", { name: "Crédits" })).toHaveAccessibleDescription(/chacun selon ses propres règles/);
    const credits = (await rows(page).locator("td:nth-of-type(2)").allTextContents()).map((text) => Number(text.replace(/\s/g, "")));
    expect(credits.length).toBeGreaterThanOrEqual(3);
    expect(credits.every((count) => count > 0)).toBe(true);
    expect(credits).toEqual([...credits].sort((a, b) => b - a));
    // Léa keeps her log private (the demo's choice): she is not listed.
    await expect(rows(page).getByRole("link", { name: "Lea-en-famille" })).toHaveCount(0);
    await expectAccessible(page);
    const member = first.getByRole("link");
    const username = (await member.textContent())!;
    await member.click();
    await expect(page).toHaveURL(/\/fr\/profile\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(username);
  });

  for (const width of [360, 390]) {
    test(`no tab scrolls sideways at ${width} px, and the tabs hold on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const search of ["", "?tab=duels&type=roller_coaster", "?tab=contributors", "?tab=reviewers", "?tab=riders"]) {
        await page.goto(`/fr/rankings${search}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const tops = await tabs(page).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
        expect(new Set(tops).size).toBe(1);
        // ...and every tab shows whole: the row does not scroll inside its box either.
        expect(await page.getByRole("tablist").evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe("rankings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the type form is a GET form: a type, then all types again at the clean address", async ({ page }) => {
    await page.goto("/fr/rankings?tab=duels");
    await page.getByLabel("Type d'attraction").selectOption("roller_coaster");
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/\/fr\/rankings\?tab=duels&type=roller_coaster$/);
    await expect(page.getByRole("table", { name: "Classement des duels : Montagnes russes" })).toBeVisible();
    await page.getByLabel("Type d'attraction").selectOption("");
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/\/fr\/rankings\?tab=duels$/);
    await expect(page.getByRole("table", { name: "Classement des duels", exact: true })).toBeVisible();
  });
});

/** Whether a slide is the one the carousel's row shows: its left edge at the row's, give or take a pixel. */
const shown = (slide: Locator) =>
  expect.poll(() =>
    slide.evaluate((element) => Math.abs(element.getBoundingClientRect().left - element.parentElement!.getBoundingClientRect().left) < 2),
  );

test.describe("home: Top Duels", () => {
  test("a carousel of the duel leaders per type, moved by its buttons, accessible", async ({ page }) => {
    await page.goto("/fr");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Top Duels par type d'attraction" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const count = await slides.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const first = carousel.getByRole("group", { name: `1 sur ${count}`, exact: true });
    const second = carousel.getByRole("group", { name: `2 sur ${count}`, exact: true });
    await shown(first).toBe(true);
    await shown(second).toBe(false);
    await carousel.getByRole("button", { name: "Type suivant" }).click();
    await shown(second).toBe(true);
    await shown(first).toBe(false);
    await carousel.getByRole("button", { name: "Type précédent" }).click();
    await shown(first).toBe(true);
    // From the first slide, "previous" goes round to the last.
    await carousel.getByRole("button", { name: "Type précédent" }).click();
    await shown(carousel.getByRole("group", { name: `${count} sur ${count}`, exact: true })).toBe(true);
    await expectAccessible(page);

    // ...and "next" from the last to the first. Each slide lists its type's leaders, linking to the
    // rides and to the type's full duel ranking.
    await carousel.getByRole("button", { name: "Type suivant" }).click();
    await shown(first).toBe(true);
    const leaders = first.getByRole("listitem");
    expect(await leaders.count()).toBeGreaterThanOrEqual(1);
    const type = (await first.getByRole("heading", { level: 3 }).textContent())!;
    await first.getByRole("link", { name: `Tout le classement : ${type}` }).click();
    await expect(page).toHaveURL(/\/fr\/rankings\?tab=duels&type=\w+$/);
    await expect(page.getByRole("table", { name: `Classement des duels : ${type}` })).toBeVisible();
  });
});
