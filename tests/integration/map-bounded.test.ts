import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_LIST_LIMIT } from "~/domain/map-parks";
import { readMapView } from "~/domain/map-view";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import * as schema from "~/server/db/schema";
import { MAX_MARKS } from "~/server/map/map-marks";
import { loadMapPage, type MapPage } from "~/server/map/map-page";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const text = {
  t: createTranslator("fr", resources.fr),
  parkHref: (slug: string) => `/fr/${slug}`,
  areaHref: (bbox: string) => `/fr/map?bbox=${bbox}`,
  formatRating: String,
};

const load = (query: string) => loadMapPage(database.db, readMapView(new URLSearchParams(query)), "Carte", text);

/** What the page carries of a view: its marks (in its HTML and again in its loader data) and its list. */
const payloadBytes = (page: MapPage) => 2 * Buffer.byteLength(page.marks) + Buffer.byteLength(JSON.stringify(page.list));

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** `count` approved parks scattered over western Europe (as the bench's large dataset), a few on one small tile. */
async function insertParks(from: number, count: number) {
  await database.db.insert(schema.parks).values(
    Array.from({ length: count }, (_, n) => {
      const i = from + n;
      const onTile = i % 40 === 3;
      const ratingCount = 1 + (i % 97);
      return {
        name: `Parc ${i}`,
        slug: `parc-${i}`,
        region: "Nord",
        country: i % 3 === 0 ? "France" : "Allemagne",
        moderationStatus: "approved" as const,
        latitude: onTile ? 47.02 + random() * 0.16 : 38 + random() * 17,
        longitude: onTile ? 2.02 + random() * 0.36 : -8 + random() * 24,
        ratingCount,
        scoreSum: Math.round(ratingCount * (1 + random() * 4)),
      };
    }),
  );
}

// Decision 0066: the map's page weighs what its bounded marks and list weigh, not what its parks number.
describe("the map's payload is bounded whatever the number of parks", () => {
  it("draws at most MAX_MARKS marks and lists at most 30 parks: 2,000 parks weigh within 1.3× of 100", async () => {
    // 100 parks: a third of them in France, already more than the list shows, so what is compared is the marks.
    await insertParks(0, 100);
    const views = ["", "view=world", "country=France"];
    const small = await Promise.all(views.map(load));
    await insertParks(100, 1900);
    const large = await Promise.all(views.map(load));
    for (const [index, view] of views.entries()) {
      const page = large[index]!;
      expect(page.markCount, view).toBeLessThanOrEqual(MAX_MARKS);
      expect([...page.marks.matchAll(/<a href=/g)]).toHaveLength(page.markCount);
      expect(page.list.length, view).toBeLessThanOrEqual(MAP_LIST_LIMIT);
      expect(payloadBytes(page), view).toBeLessThanOrEqual(1.3 * payloadBytes(small[index]!));
    }
    // Every park is still counted, and reachable: the clusters' counts add up to the view's parks.
    const europe = large[0]!;
    expect(europe.parkCount).toBe(2000);
    const counted = [...europe.marks.matchAll(/<text class="n" aria-hidden="true">(\d+)<\/text>/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const dots = europe.markCount - [...europe.marks.matchAll(/class="c"/g)].length;
    expect(counted + dots).toBe(2000);
  });

  it("draws the best rated MAX_MARKS parks of the finest tile one by one, and counts them all", async () => {
    // The finest tile around 47.1° N, 2.2° E holds 50 of the 2,000 parks (i % 40 === 3): more than MAX_MARKS.
    const page = await load("bbox=2.05,47.05,2.35,47.15");
    expect(page.parkCount).toBeGreaterThan(MAX_MARKS);
    expect(page.markCount).toBe(MAX_MARKS);
    expect(page.marks).not.toContain('class="c"');
    expect(page.list).toHaveLength(MAP_LIST_LIMIT);
  });
});
