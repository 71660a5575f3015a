import type { Page } from "@playwright/test";
import { approveParkAsAdmin, contributePark, expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

// The map of the parks (decision 0033) on the demo content. Nothing here writes: the demo's 27 parks all have
// their real location. Other tests may add located parks (a contribution or an admin edit with a location),
// so counts are "at least the demo's".

const map = (page: Page) => page.locator("figure svg");
const parkMark = (page: Page, name: string) => map(page).getByRole("link", { name: new RegExp(`^${name}, `) });
const list = (page: Page) => page.getByRole("region", { name: /Les parcs de cette carte|The parks on this map/ }).getByRole("listitem");

test.describe("map page", () => {
  test("Europe by default: parks and clusters as links over a cached base map, the list below, axe clean", async ({ page }) => {
    const response = await page.goto("/fr/map");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte des parcs");
    await expect(page.getByRole("navigation", { name: "Zone de la carte" }).getByRole("link", { name: "Europe" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Fond de carte : Natural Earth (domaine public)")).toBeVisible();
    // Far from the others, Energylandia and PortAventura are dots of their own; Paris's parks share a cluster.
    await expect(parkMark(page, "Energylandia")).toHaveAccessibleName(/^Energylandia, Pologne : (note \d,\d sur 5|pas encore de note)$/);
    await expect(parkMark(page, "PortAventura Park")).toHaveAttribute("href", "/fr/portaventura-park");
    await expect(map(page).getByRole("link", { name: /^\d+ parcs proches : agrandir cette zone$/ }).first()).toHaveAttribute("href", /^\/fr\/map\?bbox=/);
    const base = page.locator("figure img");
    await expect(base).toHaveAttribute("alt", "");
    await expect(base).toHaveAttribute("src", "/maps/base/europe.svg");
    await expect.poll(() => base.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(960);
    const counted = page.getByText(/\d+ parcs sur cette carte\./);
    await expect(counted).toBeVisible();
    const parks = Number((await counted.textContent())!.match(/\d+/)![0]);
    expect(parks).toBeGreaterThanOrEqual(27);
    // The list under the map is capped at 30 parks (the best rated), with a link to the whole list.
    await expect(list(page)).toHaveCount(Math.min(parks, 30));
    await expect(list(page).first().getByRole("link")).toHaveAttribute("href", /^\/fr\/[a-z-]+$/);
    await expect(page.getByRole("link", { name: "Voir tous les parcs dans la liste" })).toHaveAttribute("href", "/fr/");
    await expectAccessible(page);
  });

  test("the marks are written once in the document; a member's page, drawn again with their part, keeps them (decision 0068)", async ({ page, signInAsNewMember }) => {
    const html = await (await page.goto("/fr/map"))!.text();
    const data = html.slice(html.indexOf("streamController.enqueue("));
    expect(html).toContain("<title>PortAventura Park, ");
    expect(data).toContain("map-marks");
    expect(data).not.toContain("PortAventura Park, ");
    // A member's map is the visitors' page plus their part: the page is drawn again once it has hydrated (decision
    // 0060), the marks taken from the document.
    await signInAsNewMember();
    await page.goto("/fr/map");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: /^Mon compte : / }).first()).toBeAttached();
    await expect(parkMark(page, "PortAventura Park")).toHaveAttribute("href", "/fr/portaventura-park");
    // Then another view asked in the page: its marks come in its data.
    await page.getByLabel("Pays").selectOption("Italie");
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/\/fr\/map\?country=Italie$/);
    await expect(parkMark(page, "Gardaland")).toBeVisible();
  });

  test("a park's dot takes the focus from the keyboard, visibly, and Enter opens the park", async ({ page }) => {
    await page.goto("/fr/map?country=France");
    await waitForHydration(page);
    const mark = parkMark(page, "Futuroscope");
    // Tab from the last control before the map reaches its first mark: the marks are in the tab order.
    await page.getByRole("button", { name: "Afficher" }).focus();
    await page.keyboard.press("Tab");
    await expect(map(page).getByRole("link").first()).toBeFocused();
    await mark.focus();
    await expect(mark).toBeFocused();
    // The ring around the dot is transparent until the dot has the keyboard's focus.
    const ring = mark.locator("circle").nth(1);
    const stroke = () => ring.evaluate((circle) => getComputedStyle(circle).stroke);
    await expect.poll(stroke).not.toMatch(/^(none|transparent|rgba\(0, 0, 0, 0\))$/);
    const other = parkMark(page, "Puy du Fou").locator("circle").nth(1);
    expect(await other.evaluate((circle) => getComputedStyle(circle).stroke)).toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/fr\/futuroscope$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Futuroscope");
  });

  test("the views switch by plain links, a cluster zooms in, the country filter is the home list's", async ({ page }) => {
    await page.goto("/fr/map");
    await page.getByRole("link", { name: "Monde", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/map\?view=world$/);
    await expect(page.locator("figure img")).toHaveAttribute("src", "/maps/base/world.svg");
    await expect(page.getByRole("link", { name: "Monde", exact: true })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    await page.getByLabel("Pays").selectOption("Italie");
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/\/fr\/map\?country=Italie$/);
    await expect(parkMark(page, "Gardaland")).toBeVisible();
    await expect(parkMark(page, "Mirabilandia")).toBeVisible();
    await expect(list(page)).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Voir tous les parcs dans la liste" })).toHaveAttribute("href", "/fr/?country=Italie");
    await expectAccessible(page);

    await page.goto("/fr/map");
    const cluster = map(page).getByRole("link", { name: /parcs proches/ }).filter({ has: page.locator("text") }).first();
    const count = Number(await cluster.locator("text").textContent());
    await cluster.click();
    await expect(page).toHaveURL(/\/fr\/map\?bbox=/);
    await expect(page.locator("figure img")).toHaveAttribute("src", /^\/maps\/base\/\d_-?\d+_-?\d+\.svg$/);
    await expect(page.getByRole("navigation", { name: "Zone de la carte" }).getByText("Zone agrandie")).toHaveAttribute("aria-current", "page");
    // The zoomed area shows at least the cluster's parks, now further apart.
    expect(await list(page).count()).toBeGreaterThanOrEqual(count);
    await expectAccessible(page);
  });

  test("bad addresses fall back or say not found, never an error", async ({ page, request }) => {
    const junk = await page.goto("/fr/map?bbox=%3Cscript%3E,1,2,3&view=nope");
    expect(junk?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Zone de la carte" }).getByRole("link", { name: "Europe" })).toHaveAttribute("aria-current", "page");
    expect((await page.goto("/fr/map?country=Atlantide"))?.status()).toBe(404);
    expect((await request.get("/maps/base/nowhere.svg")).status()).toBe(404);
    // Only the frames the page links, in their one spelling, are drawn (decision 0039).
    expect((await request.get("/maps/base/-10_36_24_60.svg")).status()).toBe(404);
    expect((await request.get("/maps/base/03_-2_28.svg")).status()).toBe(404);
    expect((await request.get("/maps/parks/not-an-id.svg")).status()).toBe(404);
  });

  test("the base map is a cacheable image, revalidated by its ETag", async ({ request }) => {
    const first = await request.get("/maps/base/world.svg");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(first.headers()["cache-control"]).toBe("public, max-age=86400");
    const etag = first.headers()["etag"]!;
    expect((await request.get("/maps/base/world.svg", { headers: { "If-None-Match": etag } })).status()).toBe(304);
  });

  test("in English, with the same marks", async ({ page }) => {
    await page.goto("/en/map?country=Allemagne");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Map of the parks");
    await expect(parkMark(page, "Heide Park")).toHaveAccessibleName(/^Heide Park, Allemagne: (rated \d\.\d out of 5|not rated yet)$/);
    await expect(page.getByText("Base map: Natural Earth (public domain)")).toBeVisible();
    await expectAccessible(page);
  });

  test("the header and the mobile bar lead to the map", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/fr");
    const bar = page.getByRole("navigation", { name: "Navigation mobile" });
    await bar.getByRole("link", { name: "Carte" }).click();
    await expect(page).toHaveURL(/\/fr\/map$/);
    // Every item of the bar fits on a 360 px screen.
    const items = await bar.getByRole("listitem").evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
    expect(Math.max(...items)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Carte" })).toHaveAttribute("aria-current", "page");
  });

  test("a member's mobile bar, five items and its menu, fits a 360 px screen with finger-sized targets", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/fr/map");
    const bar = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(bar.getByRole("listitem")).toHaveCount(5);
    const boxes = await bar.getByRole("listitem").evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()));
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(360);
    expect(Math.min(...boxes.map((box) => box.width))).toBeGreaterThanOrEqual(44);
    await expect(bar.getByRole("link", { name: "Carte" })).toHaveAttribute("aria-current", "page");
    await bar.getByRole("button", { name: "Plus" }).click();
    const rows = await bar.getByRole("list").nth(1).getByRole("listitem").evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()));
    expect(rows).toHaveLength(5);
    expect(Math.max(...rows.map((row) => row.right))).toBeLessThanOrEqual(360);
    expect(Math.min(...rows.map((row) => row.height))).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
  });

  test("screenshot of the map page (docs/screenshots/map-europe.png)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/fr/map");
    const base = page.locator("figure img");
    await expect.poll(() => base.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(960);
    await page.screenshot({ path: "docs/screenshots/map-europe.png" });
  });
});

/** The picture's width in CSS pixels (both layers are drawn at it). */
const pictureWidth = (page: Page) => page.locator("figure img").evaluate((image) => image.getBoundingClientRect().width);
const names = (page: Page) => map(page).locator('g[aria-hidden="true"] text');

test.describe("the map on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("readable names and finger-sized targets at the default zoom, and no page scrolling sideways", async ({ page }) => {
    await page.goto("/fr/map");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The picture is drawn at its own size (1 px a unit) in a box that scrolls: 12-unit names read at 12 px.
    expect(await pictureWidth(page)).toBeGreaterThanOrEqual(959);
    const heights = await names(page).evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(12);
    const targets = await map(page)
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect()).map(({ width, height }) => Math.min(width, height)));
    expect(targets.length).toBeGreaterThanOrEqual(10);
    expect(Math.min(...targets)).toBeGreaterThanOrEqual(43.5);
  });

  test("zooms by its buttons and by the keyboard, and pans by a drag", async ({ page }) => {
    await page.goto("/fr/map");
    await waitForHydration(page);
    const zoom = page.getByRole("group", { name: "Zoom de la carte" });
    const start = await pictureWidth(page);
    await zoom.getByRole("button", { name: "Zoomer", exact: true }).click();
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(start * 1.5, 0);
    await zoom.getByRole("button", { name: "Dézoomer" }).click();
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(start, 0);
    // The whole map: the picture as wide as its box.
    await zoom.getByRole("button", { name: "Carte entière" }).click();
    const box = page.locator("figure img").locator("xpath=../..");
    const inner = await box.evaluate((element) => element.clientWidth);
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner, 0);
    // From a park's link, + and − zoom; 0 shows the whole map again.
    await parkMark(page, "Energylandia").focus();
    await page.keyboard.press("+");
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner * 1.5, 0);
    await page.keyboard.press("+");
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner * 2.25, 0);
    await page.keyboard.press("-");
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner * 1.5, 0);
    await page.keyboard.press("0");
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner, 0);
    // A drag moves the map (the box scrolls) and opens no park. Zoomed in enough that the box can scroll both ways.
    for (let press = 0; press < 4; press++) await zoom.getByRole("button", { name: "Zoomer", exact: true }).click();
    await expect.poll(() => pictureWidth(page)).toBeCloseTo(inner * 1.5 ** 4, 0);
    const before = await box.evaluate((element) => [element.scrollLeft, element.scrollTop]);
    const area = (await box.boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2 - 80, area.y + area.height / 2 - 40, { steps: 5 });
    await page.mouse.up();
    const after = await box.evaluate((element) => [element.scrollLeft, element.scrollTop]);
    expect(after[0]! - before[0]!).toBeCloseTo(80, -1);
    expect(after[1]! - before[1]!).toBeCloseTo(40, -1);
    await expect(page).toHaveURL(/\/fr\/map$/);
    await expectAccessible(page);
  });

  test("without JavaScript the box scrolls by itself, with no button that would do nothing", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/fr/map");
    const box = page.locator("figure img").locator("xpath=../..");
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === "auto")).toBe(true);
    await expect(page.getByRole("group", { name: "Zoom de la carte" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("names and unlocated parks", () => {
  test("on the desktop's Europe view every park's dot has its name", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/fr/map");
    const dots = map(page).locator('a:not([href*="bbox="])');
    expect(await dots.count()).toBeGreaterThanOrEqual(10);
    const named = await names(page).allTextContents();
    const titles = await dots.locator("title").allTextContents();
    expect(titles.map((title) => title.split(",")[0]).sort()).toEqual([...named].sort());
  });

  test("a park without a position is listed under the map, in both languages", async ({ page, createMember }) => {
    const member = await createMember();
    const name = `Parc sans position ${Date.now()}`;
    const park = await contributePark(member, { name });
    if (park.moderationStatus === "pending") await approveParkAsAdmin(park.id);
    // An address no other test asked for: the fixtures write beside the server's requests, so a kept copy of
    // /fr/map (decision 0030) may still be the page from before the park.
    const fresh = `view=europe&unlocated=${Date.now()}`;
    await page.goto(`/fr/map?${fresh}`);
    const unlocated = page.getByRole("region", { name: /^\d+ parcs? sans position$/ });
    await expect(unlocated.getByRole("link", { name })).toHaveAttribute("href", `/fr/${park.slug}`);
    await expect(map(page).getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
    await page.goto(`/en/map?${fresh}`);
    await expect(page.getByRole("region", { name: /^\d+ parks? without a location$/ }).getByRole("link", { name })).toBeVisible();
  });
});

test.describe("a view with more parks than marks (decision 0066)", () => {
  test("draws at most 32 marks that count every park; a cluster opens, by the keyboard, to its parks", async ({ page, createMember }) => {
    // 48 parks a degree apart in a country of their own, far from Europe's view: more cells than marks allowed.
    // Ten contributions a day each (write-limits.ts): five members.
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember()));
    const country = `Terre des manèges ${Date.now()}`;
    for (let i = 0; i < 48; i++) {
      const fields = { name: `Manège ${country} ${i}`, country, latitude: String(-33 - 0.7 * Math.floor(i / 8)), longitude: String(140 + (i % 8)) };
      const park = await contributePark(members[i % 5]!, fields);
      if (park.moderationStatus === "pending") await approveParkAsAdmin(park.id);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/fr/map?country=${encodeURIComponent(country)}`);
    await expect(page.getByText("48 parcs sur cette carte.")).toBeVisible();
    const marks = map(page).getByRole("link");
    const count = await marks.count();
    expect(count).toBeLessThanOrEqual(32);
    const clusters = map(page).getByRole("link", { name: /^\d+ parcs proches : agrandir cette zone$/ });
    const counts = (await clusters.locator("text").allTextContents()).map(Number);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.reduce((sum, n) => sum + n, 0) + count - counts.length).toBe(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    // The first cluster, from the keyboard: the zoomed area shows its parks one by one, as links to their pages.
    const cluster = clusters.first();
    const inCluster = Number(await cluster.locator("text").textContent());
    await waitForHydration(page);
    await cluster.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/fr\/map\?bbox=/);
    const dots = map(page).getByRole("link", { name: new RegExp(`^Manège ${country} \\d+, ${country} : pas encore de note$`) });
    await expect(dots.first()).toBeVisible();
    expect(await dots.count()).toBeGreaterThanOrEqual(inCluster);
    await expect(dots.first()).toHaveAttribute("href", /^\/fr\/[a-z0-9-]+$/);
    await expectAccessible(page);
  });
});

test.describe("park page locator", () => {
  test("a small map says where the park is, loads as an SVG and opens the map there", async ({ page, request }) => {
    await page.goto("/fr/parc-asterix");
    const locator = page.getByRole("img", { name: "Situation de Parc Astérix : Hauts-de-France, France" });
    await expect(locator).toHaveAttribute("loading", "lazy");
    await locator.scrollIntoViewIfNeeded();
    await expect.poll(() => locator.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
    const src = (await locator.getAttribute("src"))!;
    const response = await request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers()["etag"]).toBeTruthy();
    await expectAccessible(page);
    await locator.click();
    await expect(page).toHaveURL(/\/fr\/map\?bbox=/);
    await expect(parkMark(page, "Parc Astérix")).toBeVisible();
  });
});
