import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findApprovedAttraction,
  findApprovedAttractionSlugsById,
  findApprovedParkBySlug,
  findApprovedParkSlugById,
  listApprovedAttractionsOfPark,
  listFeaturedParks,
} from "~/server/catalog/park-queries";
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
    const ids = (await listFeaturedParks(database.db, 50)).map((park) => park.id);
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
