import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findVisibleRide,
  findVisibleRideSlugsById,
  findVisibleParkBySlug,
  findVisibleParkSlugById,
  listVisibleRidesOfPark,
  listParkPlaces,
  listParks,
} from "~/server/catalog/park-queries";
import { PARKS_PER_PAGE, readParkListFilters } from "~/domain/park-list";
import type { CurrentUser } from "~/domain/current-user";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function member(isAdmin: boolean): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

describe("public catalogue reads (docs/rules/catalogue.md#moderation-and-visibility: only approved content, but for the author)", () => {
  it("lists approved parks only, best rated first", async () => {
    const good = await createPark(database.db, { name: "Bon parc", ratingCount: 2, scoreSum: 9 });
    const average = await createPark(database.db, { name: "Parc moyen", ratingCount: 2, scoreSum: 6 });
    const unrated = await createPark(database.db, { name: "Parc neuf" });
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    const rejected = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const ids = (await listParks(database.db, readParkListFilters(new URLSearchParams()))).parks.map((park) => park.slug);
    expect(ids).toEqual([good.slug, average.slug, unrated.slug]);
    expect(ids).not.toContain(pending.slug);
    expect(ids).not.toContain(rejected.slug);
  });

  it("finds a park by slug or id when approved, or for its author and the administrator when not", async () => {
    const author = await member(false);
    const other = await member(false);
    const admin = await member(true);
    const approved = await createPark(database.db);
    const pending = await createPark(database.db, { moderationStatus: "pending", createdBy: author.id });
    const rejected = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon", createdBy: author.id });
    for (const viewer of [null, other, author, admin]) {
      expect((await findVisibleParkBySlug(database.db, approved.slug, viewer))?.id).toBe(approved.id);
      expect(await findVisibleParkSlugById(database.db, approved.id, viewer)).toBe(approved.slug);
    }
    for (const viewer of [null, other]) {
      expect(await findVisibleParkBySlug(database.db, pending.slug, viewer)).toBeNull();
      expect(await findVisibleParkSlugById(database.db, pending.id, viewer)).toBeNull();
      expect(await findVisibleParkBySlug(database.db, rejected.slug, viewer)).toBeNull();
    }
    for (const viewer of [author, admin]) {
      expect((await findVisibleParkBySlug(database.db, pending.slug, viewer))?.moderationStatus).toBe("pending");
      expect(await findVisibleParkSlugById(database.db, pending.id, viewer)).toBe(pending.slug);
      expect((await findVisibleParkBySlug(database.db, rejected.slug, viewer))?.rejectionReason).toBe("Doublon");
    }
  });

  it("lists a park's attractions, operating and removed, with their type; pending ones only for their author", async () => {
    const author = await member(false);
    const park = await createPark(database.db);
    const operating = await createRide(database.db, park.id, { name: "Zeus", typeId: 1 });
    const removed = await createRide(database.db, park.id, { name: "Ancien", status: "removed", typeId: 2 });
    const pending = await createRide(database.db, park.id, { moderationStatus: "pending", createdBy: author.id });
    const list = await listVisibleRidesOfPark(database.db, park.id, null);
    expect(list.map((item) => [item.id, item.type, item.status])).toEqual(
      expect.arrayContaining([
        [operating.id, "roller_coaster", "operating"],
        [removed.id, "dark_ride", "removed"],
      ]),
    );
    expect(list).toHaveLength(2);
    expect(await listVisibleRidesOfPark(database.db, park.id, await member(false))).toHaveLength(2);
    const own = await listVisibleRidesOfPark(database.db, park.id, author);
    expect(own.find((item) => item.id === pending.id)?.moderationStatus).toBe("pending");
    expect(own).toHaveLength(3);
  });

  it("finds an attraction by park and attraction slugs, or by id, when both are approved or the viewer's own", async () => {
    const author = await member(false);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const hiddenPark = await createPark(database.db, { moderationStatus: "pending", createdBy: author.id });
    const rideOfHiddenPark = await createRide(database.db, hiddenPark.id);
    const pendingRide = await createRide(database.db, park.id, { moderationStatus: "pending", createdBy: author.id });
    for (const viewer of [null, await member(false)]) {
      expect((await findVisibleRide(database.db, park.slug, ride.slug, viewer))?.attraction.id).toBe(ride.id);
      expect(await findVisibleRide(database.db, hiddenPark.slug, rideOfHiddenPark.slug, viewer)).toBeNull();
      expect(await findVisibleRide(database.db, park.slug, pendingRide.slug, viewer)).toBeNull();
      expect(await findVisibleRideSlugsById(database.db, ride.id, viewer)).toEqual({ parkSlug: park.slug, rideSlug: ride.slug });
      expect(await findVisibleRideSlugsById(database.db, pendingRide.id, viewer)).toBeNull();
    }
    expect((await findVisibleRide(database.db, park.slug, pendingRide.slug, author))?.attraction.moderationStatus).toBe("pending");
    expect((await findVisibleRide(database.db, hiddenPark.slug, rideOfHiddenPark.slug, author))?.attraction.id).toBe(rideOfHiddenPark.id);
    expect(await findVisibleRideSlugsById(database.db, pendingRide.id, author)).toEqual({ parkSlug: park.slug, rideSlug: pendingRide.slug });
  });

});

describe("home park list (docs/rules/catalogue.md#park-list-filters): filtered, sorted and paged on the server", () => {
  const list = (query: string) => listParks(database.db, readParkListFilters(new URLSearchParams(query)));

  it("filters by country, region and minimum rating, and sorts by a category", async () => {
    const thrilling = await createPark(database.db, { country: "Zembla", region: "Nord", ratingCount: 2, scoreSum: 7, thrillSum: 10, thrillCount: 2 });
    const calm = await createPark(database.db, { country: "Zembla", region: "Sud", ratingCount: 2, scoreSum: 9, thrillSum: 4, thrillCount: 2 });
    await createPark(database.db, { country: "Zembla", region: "Sud", moderationStatus: "pending" });
    expect((await list("country=Zembla")).parks.map((park) => park.slug)).toEqual([calm.slug, thrilling.slug]);
    expect((await list("country=Zembla&sort=thrill")).parks.map((park) => park.slug)).toEqual([thrilling.slug, calm.slug]);
    expect((await list("country=Zembla&region=Nord")).parks.map((park) => park.slug)).toEqual([thrilling.slug]);
    expect((await list("country=Zembla&min=4")).parks.map((park) => park.slug)).toEqual([calm.slug]);
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
    expect(second.parks.some((park) => first.parks.some((other) => other.slug === park.slug))).toBe(false);
  });

  it("gives each card the fields the home shows and no others: the list is in the page's HTML (decision 0061)", async () => {
    await createPark(database.db, { country: "Cartie" });
    const [card] = (await list("country=Cartie")).parks;
    expect(Object.keys(card!).sort()).toEqual(
      ["attractionsCount", "averageRating", "country", "distanceKm", "imageUrl", "name", "ratingCount", "region", "slug"],
    );
  });
});
