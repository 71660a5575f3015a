import type { Page } from "@playwright/test";
import { expect, expectAccessible, giveParkReview, test, waitForHydration, type TestMember } from "./support/fixtures";

// Decision 0027: a park's reviews, five at a time, with 'Voir plus d'avis' — a link to the next page
// without JavaScript, reviews added in place with it (decision 0027). Each test first gives the park
// six reviews of its own, so that a second page exists whatever the demo data and the other tests hold.
const PARK = "parc-asterix";

// One after the other: a review another test adds meanwhile would change which reviews a page holds.
test.describe.configure({ mode: "serial" });

async function sixMoreReviews(createMember: () => Promise<TestMember>) {
  for (let index = 0; index < 6; index++) {
    await giveParkReview(await createMember(), PARK, { theming: String(1 + (index % 5)), visitDuration: "full_day", comment: `Page d'avis ${index}` });
  }
}

const reviewsOf = (page: Page) => page.locator("section[aria-labelledby='park-reviews'] li[data-review-id]");
const idsOf = (page: Page) => reviewsOf(page).evaluateAll((items) => items.map((item) => item.getAttribute("data-review-id")));

test("with JavaScript, 'Voir plus d'avis' adds the next five reviews in place, focuses the first and announces them", async ({
  page,
  createMember,
}) => {
  await sixMoreReviews(createMember);
  await page.goto(`/fr/${PARK}`);
  await waitForHydration(page);
  await page.getByText(/^Voir les \d+ autres avis$/).click();
  await expect(reviewsOf(page)).toHaveCount(5);
  const first = await idsOf(page);
  const more = page.getByRole("link", { name: "Voir plus d'avis" });
  const href = await more.getAttribute("href");
  expect(href).toMatch(/^\?avis=[\w-]+#park-reviews$/);
  // What the link's own page lists without JavaScript: the reviews that must come in place.
  const nextPage = await (await page.request.get(`/fr/${PARK}${href!.replace(/#.*$/, "")}`)).text();
  const expected = [...nextPage.matchAll(/data-review-id="([^"]+)"/g)].map((match) => match[1]);
  expect(expected).toHaveLength(5);

  await more.click();
  await expect(reviewsOf(page)).toHaveCount(10);
  expect(await idsOf(page)).toEqual([...first, ...expected]);
  await expect(reviewsOf(page).nth(5)).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "avis de plus" })).toHaveText("5 avis de plus");
  expect(new URL(page.url()).search).toBe("");
  await expectAccessible(page);

  // And again, from the added reviews' own link.
  await page.getByRole("link", { name: "Voir plus d'avis" }).click();
  await expect.poll(async () => (await reviewsOf(page).count()) > 10).toBe(true);
  const all = await idsOf(page);
  expect(new Set(all).size).toBe(all.length);
  await expect(reviewsOf(page).nth(10)).toBeFocused();

  // The next page's own address (the link's, without JavaScript), checked with axe (which needs JavaScript).
  await page.goto(`/fr/${PARK}${href}`);
  await expect(page.getByRole("link", { name: "Revenir aux premiers avis" })).toBeVisible();
  expect(await idsOf(page)).toEqual(expected);
  await expectAccessible(page);
});

test("the added reviews stay, and show the member's vote, after the vote's live notice reloads the page's data", async ({ page, createMember, signInAsNewMember }) => {
  await sixMoreReviews(createMember);
  await signInAsNewMember();
  await page.goto(`/fr/${PARK}`);
  await waitForHydration(page);
  await page.getByText(/^Voir les \d+ autres avis$/).click();
  await page.getByRole("link", { name: "Voir plus d'avis" }).click();
  await expect(reviewsOf(page)).toHaveCount(10);
  // Found by its id: once voted for, it may rank higher (most helpful first).
  const added = page.locator(`li[data-review-id="${await reviewsOf(page).nth(7).getAttribute("data-review-id")}"]`);
  const helpful = added.getByRole("button", { name: /^Utile/ });
  const before = Number((await helpful.textContent())!.match(/\d+/)![0]);
  const reloaded = page.waitForResponse((response) => response.url().includes("/api/reviews/park/") && response.request().method() === "GET");
  await helpful.click();
  await reloaded;
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await expect(helpful).toHaveText(`Utile (${before + 1})`);
  await expect(reviewsOf(page)).toHaveCount(10);
  const all = await idsOf(page);
  expect(new Set(all).size).toBe(10);
  // Read again from the server, not only shown while the vote was on its way.
  await page.waitForLoadState("networkidle");
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
});

test("when the next reviews cannot be loaded, the park page stays, says so, and the link tries again", async ({ page, createMember, consoleErrors }) => {
  await sixMoreReviews(createMember);
  await page.goto(`/fr/${PARK}`);
  await waitForHydration(page);
  await page.getByText(/^Voir les \d+ autres avis$/).click();
  const api = /\/api\/reviews\/park\//;
  await page.route(api, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Voir plus d'avis" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Les avis suivants n'ont pas pu être chargés. Réessayez." });
  await expect(failure).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Parc Astérix" })).toBeVisible();
  await expect(reviewsOf(page)).toHaveCount(5);
  await expectAccessible(page);

  // The browser logs the cut request: that one, and only that one, is this test's doing.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED/.test(error)));
  await page.unroute(api);
  await page.getByRole("link", { name: "Voir plus d'avis" }).click();
  await expect(reviewsOf(page)).toHaveCount(10);
  await expect(failure).toHaveCount(0);
  await expect(reviewsOf(page).nth(5)).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Voir plus d'avis' opens the next page of reviews, which links back to the first ones", async ({ page, createMember }) => {
    await sixMoreReviews(createMember);
    await page.goto(`/fr/${PARK}`);
    await page.getByText(/^Voir les \d+ autres avis$/).click();
    await expect(reviewsOf(page)).toHaveCount(5);
    const first = await idsOf(page);

    await page.getByRole("link", { name: "Voir plus d'avis" }).click();
    await expect(page).toHaveURL(/\?avis=[\w-]+#park-reviews$/);
    await expect(reviewsOf(page).first()).toBeVisible();
    const second = await idsOf(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThanOrEqual(5);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    await page.getByRole("link", { name: "Revenir aux premiers avis" }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/${PARK}#park-reviews$`));
    expect(await idsOf(page)).toEqual(first);
  });

  test("a cursor that is not one shows the first reviews", async ({ page }) => {
    const response = await page.goto(`/fr/${PARK}?avis=pas-un-curseur`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Revenir aux premiers avis" })).toHaveCount(0);
    await expect(reviewsOf(page).first()).toBeAttached();
  });
});
