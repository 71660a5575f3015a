import type { Page } from "@playwright/test";
import { expect, expectAccessible, giveRideReview, runRankingsJob, test, waitForHydration } from "./support/fixtures";

// How sure a rank is, why, and how it moved (docs/rules/duels-and-rankings.md#how-sure-a-rank-is, #why-this-rank,
// #history; decision 0079), on the demo content: the server's rankings job placed every ride at start.

const rows = (page: Page) => page.getByRole("tabpanel").getByRole("table").locator("tbody tr");

test.describe("how sure a rank is", () => {
  test("the best roller coasters show each rank's range, or say there are not enough reviews yet", async ({ page }) => {
    await page.goto("/fr/rankings?type=roller_coaster");
    const headers = rows(page).getByRole("rowheader");
    // The demo's rides have 4 to 16 reviews each: its leaders are not sure of their places, rides further down are.
    await expect(headers.filter({ hasText: "pas encore assez d'avis" }).first()).toBeVisible();
    const ranged = headers.filter({ hasText: /entre la \d+e et la \d+e place/ });
    expect(await ranged.count()).toBeGreaterThan(0);
    // Seen as "12e–30e" under the rank, read out in full.
    const first = ranged.first();
    // The rank is the cell's first text (a medal's for the first three, which are not sure on the demo).
    const rank = Number(await first.evaluate((cell) => cell.childNodes[0]!.textContent));
    const [, low, high] = (await first.textContent())!.match(/entre la (\d+)e et la (\d+)e place/)!.map(Number);
    expect(low).toBeLessThanOrEqual(rank);
    expect(high).toBeGreaterThanOrEqual(rank);
    await expect(first.locator('small [aria-hidden="true"]')).toHaveText(`${low}e–${high}e`);
    // The explanation says so.
    await page.getByText("Comment ce classement est-il calculé ?").click();
    await expect(page.getByText(/Sous chaque rang, les places que l'attraction occupe plausiblement/)).toBeVisible();
    await expectAccessible(page);
  });

  test("in English, at 360 px: places as English ordinals, and nothing wider than the screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/en/rankings?type=roller_coaster");
    await expect(rows(page).getByRole("rowheader").filter({ hasText: /between \d+(st|nd|rd|th) and \d+(st|nd|rd|th) place/ }).first()).toBeAttached();
    await expect(rows(page).getByRole("rowheader").filter({ hasText: "not enough reviews yet" }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("a ride's page gives its ranks and, folded, why: its figures, the prior's weight, its neighbours", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/fr/portaventura-park/shambhala");
    const section = page.getByRole("region", { name: "Son classement" });
    await expect(section).toContainText(/des montagnes russes/);
    await expect(section).toContainText(/toutes attractions confondues/);
    await expect(section).toContainText(/selon \d+ avis|\(\d+ avis\)/);
    const why = section.getByText("Pourquoi ce rang ?");
    await expect(section.getByText(/10 avis à 3,5/)).toBeHidden();
    // The summary opens from the keyboard.
    await waitForHydration(page);
    await why.focus();
    await page.keyboard.press("Enter");
    await expect(section.getByText(/Moyenne de ses \d+ avis, un par membre : \d,\d\d\./)).toBeVisible();
    await expect(section.getByText(/elle compte en plus 10 avis à 3,5, qui pèsent \d+\s% de sa note pondérée/)).toBeVisible();
    await expect(section.getByText(/Sa note pondérée, qui la classe : \d,\d\d, sans doute entre \d,\d\d et \d,\d\d/)).toBeVisible();
    await expect(section.getByText(/victoires et \d+ défaites en \d+ duels, joués par \d+ membres/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    // A neighbour's link leads to its page.
    const neighbour = section.getByRole("listitem").filter({ hasText: /^Juste (devant|derrière)/ }).first().getByRole("link");
    const name = (await neighbour.textContent())!;
    await neighbour.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});

test.describe("how a rank moved", () => {
  test("after a month is kept, a ride that climbs shows ↑ on the rankings, the rides it passed ↓", async ({ page, createMember }, testInfo) => {
    // A month of its own per attempt, after any the server's own runs keep: the latest kept month is this one.
    const year = 2040 + testInfo.retry;
    await runRankingsJob(new Date(`${year}-01-31T12:00:00Z`));
    expect((await runRankingsJob(new Date(`${year}-02-01T00:05:00Z`))).snapshotTaken).toBe(true);

    await page.goto("/fr/rankings?type=flat_ride");
    const before = rows(page);
    const count = await before.count();
    // The last of the flat rides, as the kept month left it: same place, so "=".
    const last = before.nth(count - 1);
    await expect(last.getByRole("rowheader")).toContainText("même place que le mois dernier");
    const link = last.getByRole("link").first();
    const ride = (await link.getAttribute("href"))!.replace(/^\/fr\//, "");
    const name = (await link.textContent())!;

    // Three members rate it 5: it climbs.
    for (let index = 0; index < 3; index++) {
      await giveRideReview(await createMember(), ride, { rating: "5", audienceType: "general" });
    }
    await page.reload();
    const climbed = rows(page).filter({ has: page.getByRole("link", { name, exact: true }) });
    const mark = climbed.getByRole("rowheader").locator('[data-moved="up"]');
    await expect(mark).toHaveText(/^↑\d+/);
    await expect(mark).toContainText(/places? gagnées? depuis le mois dernier/);
    await expect(rows(page).getByRole("rowheader").locator('[data-moved="down"]').first()).toContainText(/↓1/);
    await expectAccessible(page);
  });
});
