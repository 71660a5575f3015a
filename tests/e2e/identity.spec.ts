import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { approveRideAsAdmin, expect, expectAccessible, giveRideReview, test, waitForHydration } from "./support/fixtures";
import { pngPhoto } from "./support/png-photo";
import { openAddRideForm } from "./support/add-ride-form";

/** Whether the page scrolls sideways: wider than the window. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Whether an element ends past the window's right edge. */
const pastRightEdge = (element: ReturnType<Page["locator"]>) => element.evaluate((node) => node.getBoundingClientRect().right > window.innerWidth);

/** A picture's bytes have arrived and decoded (visible is not loaded on a busy machine). */
const loaded = (image: ReturnType<Page["locator"]>) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

test.describe("rides and parks with an identity", () => {
  test("a ride's page says how its figures compare with the site's rides of its type and its park's, in both languages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/fr/europa-park/silver-star");
    const standing = page.getByRole("region", { name: "Face aux autres attractions", exact: true });
    const figure = (label: string) => standing.locator("div", { has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole("definition");
    // Silver Star is among the demo's tallest coasters: a share of them below it, then its rank among Europa-Park's rides.
    await expect(figure("Hauteur")).toHaveText(/^Plus haute que \d{1,3}\u00a0% des montagnes russes du site · Rang au parc : \d+ sur \d+$/);
    await expect(figure("Vitesse maximale")).toHaveText(/^Plus rapide que \d{1,3}\u00a0% des montagnes russes du site/);
    // The title's pictogram is the type's picture, painted by the style sheet (no script, nothing announced).
    const pictogram = await page.getByRole("heading", { level: 1 }).evaluate((heading) => getComputedStyle(heading, "::before").maskImage);
    expect(pictogram).toContain("/ride-types/roller_coaster.svg");
    expect(await overflows(page)).toBe(false);
    await waitForHydration(page);
    await expectAccessible(page);

    await page.goto("/en/europa-park/silver-star");
    const english = page.getByRole("region", { name: "Against the other rides", exact: true });
    await expect(english.getByText(/^Taller than \d{1,3}% of the site's roller coasters · Rank in the park: \d+ of \d+$/)).toBeVisible();
  });

  test("a park's banner is its skyline, an image that loads, with a text alternative; a park without heights has none", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/fr/europa-park");
    const skyline = page.locator('img[src^="/skylines/"]');
    await expect(skyline).toHaveAttribute("alt", /^Silhouette du parc : \d+ attractions dessinées à leur hauteur, la plus haute étant .+ \(\d+(,\d)? m\)$/);
    await expect(skyline).toHaveAttribute("src", /^\/skylines\/[0-9a-f-]{36}\.svg$/);
    await expect.poll(() => loaded(skyline)).toBe(true);
    // The ride cards carry their type's pictogram: a picture the style sheet paints, which loads.
    const type = page.locator("[data-attraction-id] [data-ride-type]").first();
    const mask = await type.evaluate((element) => getComputedStyle(element, "::before").maskImage);
    const file = /url\("?([^")]+)"?\)/.exec(mask)?.[1];
    expect(file).toMatch(/\/ride-types\/\w+\.svg$/);
    const response = await page.request.get(file!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
    // The page's own width is the layout's business (its charts' tables); the banner and the cards fit the phone.
    expect(await pastRightEdge(skyline)).toBe(false);
    expect(await pastRightEdge(page.locator("[data-attraction-id]").first())).toBe(false);
    await waitForHydration(page);
    await expectAccessible(page);

    await page.goto("/fr/puy-du-fou");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('img[src^="/skylines/"]')).toHaveCount(0);
  });

  test("duel cards show each ride's figures, and its picture when it has one", async ({ page, signInAsNewMember }) => {
    test.setTimeout(120_000);
    const member = await signInAsNewMember();
    // A coaster with a picture, added through Mirabilandia's form (no other test writes to that park) and approved.
    const name = `Saetta ${crypto.randomBytes(3).toString("hex")}`;
    await page.goto("/fr/mirabilandia");
    await waitForHydration(page);
    const form = await openAddRideForm(page);
    await form.getByLabel("Nom de l'attraction").fill(name);
    await form.getByLabel("Type").selectOption("roller_coaster");
    await form.getByLabel(/Image principale/).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await pngPhoto(800, 600) });
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText(`Merci ! « ${name} » est en attente de modération`)).toBeVisible();
    const card = page.getByRole("link", { name: new RegExp(name) });
    const id = (await card.getAttribute("data-attraction-id"))!;
    const slug = (await card.getAttribute("href"))!.split("/").at(-1)!;
    await approveRideAsAdmin(id);
    await giveRideReview(member, `mirabilandia/${slug}`, { rating: "5", audienceType: "thrill" });
    // Katun, of the same park, has figures and no picture.
    await giveRideReview(member, "mirabilandia/katun", { rating: "5", audienceType: "thrill" });

    await page.goto("/fr/duels?type=roller_coaster");
    const cards = page.locator("[data-ride-id]");
    await expect(cards).toHaveCount(2);
    const withPicture = cards.filter({ hasText: name });
    const katun = cards.filter({ hasText: "Katun" });
    const picture = withPicture.locator("img");
    await expect(picture).toHaveAttribute("alt", "");
    await expect.poll(() => loaded(picture)).toBe(true);
    await expect(katun.locator("img")).toHaveCount(0);
    const figures = katun.locator("[data-duel-figures]");
    await expect(figures).toContainText("Hauteur 50 m");
    await expect(figures).toContainText("Vitesse maximale 105 km/h");
    await expect(figures).toContainText("Inversions 6");
    await expect(katun).toContainText("Mirabilandia");
    // A ride without figures shows none, not empty labels.
    await expect(withPicture.locator("[data-duel-figures]")).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    // The signed-in header's width is the layout's business; the cards fit the phone.
    for (const side of [0, 1]) expect(await pastRightEdge(cards.nth(side))).toBe(false);
    await waitForHydration(page);
    await expectAccessible(page);
  });
});

