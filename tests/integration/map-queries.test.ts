import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFrameKey } from "~/domain/map-frames";
import { readMapView } from "~/domain/map-view";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { findParkPlace, listMapParks, listUnlocatedParks } from "~/server/map/map-queries";
import { loadMapPage } from "~/server/map/map-page";
import { createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

// Each test uses a country of its own, so the rows of the others never count.
describe("the map's reads (decision 0033)", () => {
  it("lists the approved parks with a location, best rated first, in a country or a box", async () => {
    const country = "Mapland";
    const good = await createPark(database.db, { country, latitude: 48.5, longitude: 2.2, ratingCount: 2, scoreSum: 9 });
    const fair = await createPark(database.db, { country, latitude: 45.1, longitude: 5.9, ratingCount: 2, scoreSum: 6 });
    await createPark(database.db, { country, latitude: 48.6, longitude: 2.3, moderationStatus: "pending" });
    await createPark(database.db, { country, latitude: 48.6, longitude: 2.3, moderationStatus: "rejected", rejectionReason: "Doublon" });
    await createPark(database.db, { country });
    const inCountry = await listMapParks(database.db, { country });
    expect(inCountry.map((park) => park.id)).toEqual([good.id, fair.id]);
    expect(inCountry[0]).toEqual({
      id: good.id,
      name: good.name,
      slug: good.slug,
      region: good.region,
      country,
      averageRating: 4.5,
      ratingCount: 2,
      latitude: 48.5,
      longitude: 2.2,
    });
    const inBox = await listMapParks(database.db, { box: { west: 2, south: 48, east: 3, north: 49 } });
    expect(inBox.map((park) => park.id)).toEqual([good.id]);
  });

  it("counts the approved parks without a location and names the first of them", async () => {
    const country = "Nowhereland";
    for (const name of ["Zèbre parc", "Alpha parc", "Milieu parc"]) await createPark(database.db, { country, name });
    await createPark(database.db, { country, moderationStatus: "pending" });
    await createPark(database.db, { country, latitude: 40, longitude: 1 });
    const unlocated = await listUnlocatedParks(database.db, country, 2);
    expect(unlocated.total).toBe(3);
    expect(unlocated.parks.map((park) => park.name)).toEqual(["Alpha parc", "Milieu parc"]);
    expect(await listUnlocatedParks(database.db, "Emptyland", 2)).toEqual({ total: 0, parks: [] });
  });

  it("finds a public park's place for its locator, and nothing for other parks", async () => {
    const located = await createPark(database.db, { latitude: 43.3, longitude: 5.4 });
    const pending = await createPark(database.db, { latitude: 43.3, longitude: 5.4, moderationStatus: "pending" });
    const unlocated = await createPark(database.db);
    expect(await findParkPlace(database.db, located.id)).toEqual({ latitude: 43.3, longitude: 5.4 });
    expect(await findParkPlace(database.db, pending.id)).toBeNull();
    expect(await findParkPlace(database.db, unlocated.id)).toBeNull();
  });

  it("builds a country view's page: its parks as marks and list, its unlocated parks, a frame around them", async () => {
    const country = "Pagesland";
    const parks = [];
    for (let i = 0; i < 40; i++) parks.push(await createPark(database.db, { country, latitude: 50 + (i % 8) * 0.4, longitude: 4 + Math.floor(i / 8) * 0.5 }));
    await createPark(database.db, { country, name: "Sans place" });
    const t = createTranslator("fr", resources.fr);
    const page = await loadMapPage(database.db, readMapView(new URLSearchParams({ country })), "Carte", {
      t,
      parkHref: (slug) => `/fr/${slug}`,
      areaHref: (bbox) => `/fr/map?bbox=${bbox}`,
      formatRating: String,
    });
    expect(page.parkCount).toBe(40);
    expect(page.list).toHaveLength(30);
    expect(page.unlocated).toEqual({ total: 1, parks: [{ name: "Sans place", slug: expect.any(String), country }] });
    expect(readFrameKey(page.frameKey)).toMatchObject({ kind: "tile" });
    const links = [...page.marks.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBe(page.markCount);
    expect(links.length).toBeLessThan(40);
    expect(links.some((href) => href.startsWith("/fr/map?bbox="))).toBe(true);
  });
});
