import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findApprovedAttraction,
  findApprovedAttractionSlugsById,
  findApprovedParkBySlug,
  findApprovedParkSlugById,
  listApprovedAttractionsOfPark,
  listParkPlaces,
  listParks,
} from "~/server/catalog/park-queries";
import { PARKS_PER_PAGE, readParkListFilters } from "~/domain/park-list";
import { createAttraction, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("public catalogue reads (public site §4: only approved content)", () => {
  it("lists approved parks only, best rated first", async () => {
    const good = await createPark(database.db, { name: "Bon parc", ratingCount: 2, scoreSum: 9 });
    const average = await createPark(database.db, { name: "Parc moyen", ratingCount: 2, scoreSum: 6 });
    const unrated = await createPark(database.db, { name: "Parc neuf" });
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    const rejected = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const ids = (await listParks(database.db, readParkListFilters(new URLSearchParams()))).parks.map((park) => park.id);
    expect(ids).toEqual([good.id, average.id, unrated.id]);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(rejected.id);
  });

  it("finds a park by slug or id only when approved", async () => {
    const approved = await createPark(database.db);
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    expect((await findApprovedParkBySlug(database.db, approved.slug))?.id).toBe(approved.id);
    expect(await findApprovedParkBySlug(database.db, pending.slug)).toBeNull();
    expect(await findApprovedParkSlugById(database.db, approved.id)).toBe(approved.slug);
    expect(await findApprovedParkSlugById(database.db, pending.id)).toBeNull();
  });

  it("lists a park's approved attractions, operating and removed, with their type", async () => {
    const park = await createPark(database.db);
    const operating = await createAttraction(database.db, park.id, { name: "Zeus", typeId: 1 });
    const removed = await createAttraction(database.db, park.id, { name: "Ancien", status: "removed", typeId: 2 });
    await createAttraction(database.db, park.id, { moderationStatus: "pending" });
    const list = await listApprovedAttractionsOfPark(database.db, park.id);
    expect(list.map((item) => [item.id, item.type, item.status])).toEqual(
      expect.arrayContaining([
        [operating.id, "roller_coaster", "operating"],
        [removed.id, "dark_ride", "removed"],
      ]),
    );
    expect(list).toHaveLength(2);
  });

  it("finds an attraction by park and attraction slugs, or by id, when both are approved", async () => {
    const park = await createPark(database.db);
    const ride = await createAttraction(database.db, park.id);
    const hiddenPark = await createPark(database.db, { moderationStatus: "pending" });
    const hiddenRide = await createAttraction(database.db, hiddenPark.id);
    expect((await findApprovedAttraction(database.db, park.slug, ride.slug))?.attraction.id).toBe(ride.id);
    expect(await findApprovedAttraction(database.db, hiddenPark.slug, hiddenRide.slug)).toBeNull();
    expect(await findApprovedAttraction(database.db, park.slug, hiddenRide.slug)).toBeNull();
    expect(await findApprovedAttractionSlugsById(database.db, ride.id)).toEqual({ parkSlug: park.slug, attractionSlug: ride.slug });
    expect(await findApprovedAttractionSlugsById(database.db, hiddenRide.id)).toBeNull();
  });
});

describe("home park list (public site §2): filtered, sorted and paged on the server", () => {
  const list = (query: string) => listParks(database.db, readParkListFilters(new URLSearchParams(query)));

  it("filters by country, region and minimum rating, and sorts by a category", async () => {
    const thrilling = await createPark(database.db, { country: "Zembla", region: "Nord", ratingCount: 2, scoreSum: 7, thrillSum: 10, thrillCount: 2 });
    const calm = await createPark(database.db, { country: "Zembla", region: "Sud", ratingCount: 2, scoreSum: 9, thrillSum: 4, thrillCount: 2 });
    await createPark(database.db, { country: "Zembla", region: "Sud", moderationStatus: "pending" });
    expect((await list("country=Zembla")).parks.map((park) => park.id)).toEqual([calm.id, thrilling.id]);
    expect((await list("country=Zembla&sort=thrill")).parks.map((park) => park.id)).toEqual([thrilling.id, calm.id]);
    expect((await list("country=Zembla&region=Nord")).parks.map((park) => park.id)).toEqual([thrilling.id]);
    expect((await list("country=Zembla&min=4")).parks.map((park) => park.id)).toEqual([calm.id]);
    expect((await list("region=Nord")).total).toBeGreaterThan(1); // a region alone is ignored
    expect(await listParkPlaces(database.db, "Zembla")).toMatchObject({ regions: ["Nord", "Sud"] });
    expect((await listParkPlaces(database.db, null)).countries).toContain("Zembla");
  });

  it("pages by PARKS_PER_PAGE with the total", async () => {
    for (let index = 0; index < PARKS_PER_PAGE + 2; index++) await createPark(database.db, { country: "Paginie" });
    const first = await list("country=Paginie");
    const second = await list("country=Paginie&page=2");
    expect(first.total).toBe(PARKS_PER_PAGE + 2);
    expect(first.parks).toHaveLength(PARKS_PER_PAGE);
    expect(second.parks).toHaveLength(2);
    expect(second.parks.some((park) => first.parks.some((other) => other.id === park.id))).toBe(false);
  });
});
