import { expect, test } from "./support/fixtures";

test.describe("search engines", () => {
  test("robots.txt points at the sitemap, which lists the demo parks", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const index = await request.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toContain("application/xml");
    const parks = await (await request.get("/sitemaps/parks.xml")).text();
    expect(parks).toContain(`<loc>${baseURL}/fr/parc-asterix</loc>`);
    expect(parks).toContain(`<loc>${baseURL}/en/europa-park</loc>`);
  });

  test("park and attraction pages carry JSON-LD with a dot-decimal rating in both languages", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    const park = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(park).toMatchObject({ "@type": "AmusementPark", name: "Parc Astérix", aggregateRating: { "@type": "AggregateRating" } });
    expect(park.aggregateRating.ratingValue).toMatch(/^\d\.\d$/);
    await page.goto("/fr/europa-park/silver-star");
    const ride = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ride).toMatchObject({ "@type": "TouristAttraction", name: "Silver Star", containedInPlace: { name: "Europa-Park" } });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Silver Star/);
  });
});
