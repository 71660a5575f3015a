import type { Page } from "@playwright/test";
import { expect, expectAccessible, giveRideReview, test, waitForHydration } from "./support/fixtures";

const statistic = (page: Page, section: string, label: string) =>
  page.getByRole("region", { name: section }).locator("dt").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");

test.describe("profile (docs/rules/profiles.md#profile-page)", () => {
  test("after rating three rides, the member's profile adds them up and shows the Rails badge", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    const { username } = member;
    // Demo facts (app/server/demo/data): Big Thunder Mountain 1,500 m, 236 s, 22 m; Silver Star
    // 1,620 m, 240 s, 73 m; Disneyland Railroad 2,180 m, no height, 600 s (the demo's estimate for a train,
    // app/server/demo/ride-duration.ts); no inversions.
    // The ratings come from the fixture endpoint (the form is ratings.spec's subject), oldest first.
    await giveRideReview(member, "disneyland-paris/big-thunder-mountain", { rating: "4", audienceType: "thrill" });
    await giveRideReview(member, "europa-park/silver-star", { rating: "5", audienceType: "thrill" });
    await giveRideReview(member, "disneyland-paris/disneyland-railroad", { rating: "2", audienceType: "thrill" });

    await page.goto("/fr/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Profil de ${username}`);
    const totals = "Statistiques cumulées";
    await expect(statistic(page, totals, "Distance parcourue")).toHaveText("5,3 km");
    await expect(statistic(page, totals, "Inversions")).toHaveText("0");
    await expect(statistic(page, totals, "Temps en attraction")).toHaveText("17 min");
    await expect(statistic(page, totals, "Hauteur cumulée")).toHaveText("95 m");
    await expect(statistic(page, "Attractions par type", "Montagnes russes")).toHaveText("2");
    await expect(statistic(page, "Attractions par type", "Transport")).toHaveText("1");
    await expect(statistic(page, "Attractions par type", "Parcours scénique")).toHaveText("0");
    const ratings = "Statistiques de notation";
    await expect(statistic(page, ratings, "Attractions testées")).toHaveText("3");
    await expect(statistic(page, ratings, "Parcs visités")).toHaveText("0");
    await expect(statistic(page, ratings, "Note moyenne")).toHaveText("3,7 / 5");
    await expect(statistic(page, ratings, "Avis donnés")).toHaveText("3");

    const badges = page.getByRole("region", { name: "Badges" });
    await expect(badges.getByRole("listitem")).toHaveCount(1);
    await expect(badges.getByRole("listitem")).toContainText("Rails — Bronze");
    await expect(badges).toContainText("5,3 km sur 25,0 km pour le niveau suivant");
    await expect(page.getByRole("region", { name: "Niveau d'influence" })).toContainText("Débutant x1");
    await expect(page.getByRole("region", { name: "Niveau d'influence" })).toContainText("Encore 11 parcs à noter pour devenir Habitué");

    const reviews = page.getByRole("region", { name: "Mes avis" });
    const reviewNames = reviews.getByRole("listitem").getByRole("link");
    await expect(reviewNames).toHaveText(["Disneyland Railroad", "Silver Star", "Big Thunder Mountain"]);
    await waitForHydration(page);
    await reviews.getByLabel("Trier par").selectOption("rating-desc");
    await expect(reviewNames).toHaveText(["Silver Star", "Big Thunder Mountain", "Disneyland Railroad"]);
    await expect(page).toHaveURL(/sort=rating-desc/);
    await reviews.getByLabel("Trier par").selectOption("name-asc");
    await expect(reviewNames).toHaveText(["Big Thunder Mountain", "Disneyland Railroad", "Silver Star"]);
    await expect(reviewNames.first()).toHaveAttribute("href", /^\/fr\/attractions\/[0-9a-f-]{36}$/);
    await expectAccessible(page);

    await reviewNames.first().click();
    await expect(page).toHaveURL(/\/fr\/disneyland-paris\/big-thunder-mountain$/);
  });

  test("a public profile shows the member's figures and nothing private", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    // Reviews link their author's public profile.
    const author = page.locator("[data-review-id]").first().getByRole("link").first();
    const username = (await author.textContent())!.trim();
    await author.click();
    await expect(page).toHaveURL(/\/fr\/profile\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Profil de ${username}`);
    await expect(page.getByRole("region", { name: `Avis de ${username}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Paramètres du compte" })).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText("@demo.parcours.local");
    await expect(page.locator("body")).not.toContainText("Sessions");
    await expectAccessible(page);
  });

  test("personal rankings show a top 5 per type, and 'Voir tout' shows one type's whole list, also without JavaScript", async ({ page, browser }) => {
    const profile = await profilePathOf(page, "Marie_Coaster");
    await page.goto(profile);
    const coasters = page.locator('[data-duel-ranking="roller_coaster"]');
    const others = page.locator("[data-duel-ranking]:not([data-duel-ranking='roller_coaster'])");
    await expect(coasters.locator("tbody tr")).toHaveCount(5);
    const seeAll = coasters.getByRole("link", { name: /^Voir tout \(\d+\)$/ });
    const total = Number(/\d+/.exec((await seeAll.textContent())!)![0]);
    expect(total).toBeGreaterThan(5);
    for (const other of await others.all()) expect(await other.locator("tbody tr").count()).toBeLessThanOrEqual(5);
    await seeAll.click();
    await expect(page).toHaveURL(/\?ranking=roller_coaster#profile-duel-ranking-roller_coaster$/);
    await expect(coasters.locator("tbody tr")).toHaveCount(total);
    for (const other of await others.all()) expect(await other.locator("tbody tr").count()).toBeLessThanOrEqual(5);
    await coasters.getByRole("link", { name: "Voir le top 5 seulement" }).click();
    await expect(coasters.locator("tbody tr")).toHaveCount(5);
    await expectAccessible(page);

    const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR" });
    const plain = await context.newPage();
    await plain.goto(new URL(profile, page.url()).href);
    await plain.locator('[data-duel-ranking="roller_coaster"]').getByRole("link", { name: /^Voir tout/ }).click();
    await expect(plain.locator('[data-duel-ranking="roller_coaster"] tbody tr')).toHaveCount(total);
    await context.close();
  });

  test("demo members show their badge and influence level: Léa's 5 parks, Tom's 11", async ({ page }) => {
    await page.goto(await profilePathOf(page, "Lea-en-famille"));
    await expect(page.getByRole("region", { name: "Statistiques de notation" })).toContainText("5");
    await expect(page.getByRole("region", { name: "Badges" }).getByRole("listitem").filter({ hasText: "Explorateur — Bronze" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Niveau d'influence" })).toContainText("Débutant x1");

    await page.goto(await profilePathOf(page, "TomThrills"));
    await expect(page.getByRole("region", { name: "Niveau d'influence" })).toContainText("Habitué x1,25");
    await expect(page.getByRole("region", { name: "Niveau d'influence" })).toContainText("Encore 15 parcs à noter pour devenir Expert");
    await expect(page.getByRole("region", { name: "Badges" }).getByRole("listitem").filter({ hasText: "Explorateur — Argent" })).toBeVisible();
  });

  test("a signed-out visitor's /profile goes to the login page; an unknown member is 'Profil non trouvé'", async ({ page }) => {
    const own = await page.request.get("/fr/profile", { maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(own.headers().location).toMatch(/^\/fr\/login/);

    const missing = await page.goto("/fr/profile/no-such-member");
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profil non trouvé");
    await page.goto("/en/profile/no-such-member");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile not found");
  });
});

test.describe("the profile's review pages, without JavaScript (decision 0031)", () => {
  test.use({ javaScriptEnabled: false });

  test("'Page suivante' and 'Page précédente' page through Marie's reviews; an old ?page= link is the first page", async ({ page }) => {
    const profile = await profilePathOf(page, "Marie_Coaster");
    await page.goto(`${profile}?sort=rating-desc`);
    const reviews = page.getByRole("region", { name: "Avis de Marie_Coaster" });
    const pages = reviews.getByRole("navigation", { name: "Pages des avis" });
    const firstPage = await reviews.getByRole("listitem").allTextContents();
    expect(firstPage).toHaveLength(20);
    await expect(pages.getByRole("link", { name: "Page précédente" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Page suivante" }).click();
    await expect(page).toHaveURL(/[?&]sort=rating-desc&after=[0-9a-f-]{36}#profile-reviews$/);
    const secondPage = await reviews.getByRole("listitem").allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);

    await pages.getByRole("link", { name: "Page précédente" }).click();
    await expect(page).toHaveURL(/[?&]before=[0-9a-f-]{36}#profile-reviews$/);
    expect(await reviews.getByRole("listitem").allTextContents()).toEqual(firstPage);
    await expect(pages.getByRole("link", { name: "Page précédente" })).toHaveCount(0);

    const old = await page.goto(`${profile}?sort=rating-desc&page=2`);
    expect(old!.status()).toBe(200);
    expect(await reviews.getByRole("listitem").allTextContents()).toEqual(firstPage);
  });
});

/** A demo member's public profile address, found as visitors find it: from a review they wrote. */
async function profilePathOf(page: Page, username: string): Promise<string> {
  const home = await (await page.request.get("/fr/")).text();
  const parks = [...new Set([...home.matchAll(/href="(\/fr\/[a-z0-9-]+)"/g)].map((match) => match[1]!))];
  for (const park of parks) {
    const html = await (await page.request.get(park)).text();
    const link = new RegExp(`href="(/fr/profile/[A-Za-z0-9_-]+)"[^>]*>${username}<`).exec(html);
    if (link) return link[1]!;
  }
  throw new Error(`no review by ${username} on any park page`);
}
