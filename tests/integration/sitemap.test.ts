import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as sitemapFile } from "~/routes/sitemap-file";
import { ridesSitemap, parksSitemap, sitemapIndex } from "~/server/catalog/sitemap";
import { createRide, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const base = "https://parcours.example";
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const park = await createPark(database.db, { name: "Parc Astérix", slug: "parc-asterix" });
  await createRide(database.db, park.id, { name: "OzIris", slug: "oziris" });
  await createRide(database.db, park.id, { name: "Secret", slug: "secret", moderationStatus: "pending" });
  const hidden = await createPark(database.db, { name: "Parc caché", slug: "parc-cache", moderationStatus: "pending" });
  await createRide(database.db, hidden.id, { name: "Visible?", slug: "visible" });
});
afterAll(async () => {
  await database.close();
});

describe("sitemap.xml (docs/rules/quality.md#seo-tags)", () => {
  it("indexes the parks file and the attraction pages", async () => {
    const index = await sitemapIndex(database.db, base);
    expect(index).toContain("<loc>https://parcours.example/sitemaps/parks.xml</loc>");
    expect(index).toContain("<loc>https://parcours.example/sitemaps/attractions-1.xml</loc>");
    expect(index).not.toContain("attractions-2.xml");
  });

  it("lists every approved park in both languages with hreflang alternates, and nothing pending", async () => {
    const xml = await parksSitemap(database.db, base);
    expect(xml).toContain("<loc>https://parcours.example/fr/parc-asterix</loc>");
    expect(xml).toContain("<loc>https://parcours.example/en/parc-asterix</loc>");
    expect(xml).toContain('hreflang="en" href="https://parcours.example/en/parc-asterix"');
    expect(xml).not.toContain("parc-cache");
  });

  it("lists approved attractions of approved parks only", async () => {
    const xml = (await ridesSitemap(database.db, base, 1))!;
    expect(xml).toContain("<loc>https://parcours.example/fr/parc-asterix/oziris</loc>");
    expect(xml).toContain("<loc>https://parcours.example/en/parc-asterix/oziris</loc>");
    expect(xml).not.toContain("secret");
    expect(xml).not.toContain("visible");
    expect(await ridesSitemap(database.db, base, 2)).toBeNull();
    expect(await ridesSitemap(database.db, base, 0)).toBeNull();
  });

  it("answers 404 for a page number past what an integer counts, never a 500", async () => {
    for (const page of ["99999999999999999999999", "9007199254740993", "1000000"]) {
      const thrown = await sitemapFile({ params: { file: `attractions-${page}.xml` }, context: { db: database.db, config: { publicUrl: base } } } as never).catch(
        (error: unknown) => error,
      );
      expect((thrown as { init?: { status?: number } }).init?.status, page).toBe(404);
    }
  });
});
