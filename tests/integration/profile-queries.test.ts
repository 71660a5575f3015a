import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attractionTypeId } from "~/domain/attraction-types";
import type { CurrentUser } from "~/domain/current-user";
import { countQueriesOf } from "~/server/db/query-count";
import { attractionRatings, contentModifications, parkRatings } from "~/server/db/schema";
import { listMemberReviews } from "~/server/profiles/member-reviews";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { createAttraction, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const asViewer = (member: { id: string; username: string }): CurrentUser => ({ ...member, isAdmin: false, twoFactorEnabled: false });
const at = (day: number) => new Date(Date.UTC(2026, 5, day, 12));

/**
 * A fixture small enough to add up by hand:
 *   - Coaster A: 1,200 m, 3 inversions, 90 s, 40.5 m high — rated 5, two helpful votes
 *   - Coaster B: 800 m, 0 inversions, 60 s, 20 m high — rated 3
 *   - Dark ride: no track length, 300 s, no height — rated 4
 *   - Park 1 reviewed with thrill 4, theming 5 (score 4.5), two photos, one helpful vote
 *   - Park 2 reviewed with value 3 only (score 3)
 *   - one approved and one pending contribution
 * Distance 2,000 m = 2.0 km; inversions 3; time 450 s; height 60.5 m; tested 3;
 * visited 2; average (5 + 3 + 4 + 4.5 + 3) / 5 = 3.9; reviews given 5; helpful votes 3.
 */
async function handComputedMember() {
  const db = database.db;
  const member = await createMember(db);
  const other = await createMember(db);
  const park1 = await createPark(db, { name: "Parc Zéphyr" });
  const park2 = await createPark(db, { name: "Aqua Monde" });
  const coasterA = await createAttraction(db, park1.id, {
    name: "Comète",
    typeId: attractionTypeId("roller_coaster"),
    trackLength: 1_200,
    inversions: 3,
    duration: 90,
    height: 40.5,
  });
  const coasterB = await createAttraction(db, park1.id, {
    name: "Bolide",
    typeId: attractionTypeId("roller_coaster"),
    trackLength: 800,
    inversions: 0,
    duration: 60,
    height: 20,
  });
  const darkRide = await createAttraction(db, park2.id, { name: "Mystère", typeId: attractionTypeId("dark_ride"), duration: 300 });
  await db.insert(attractionRatings).values([
    { attractionId: coasterA.id, userId: member.id, rating: 5, audienceType: "thrill", helpfulCount: 2, createdAt: at(1) },
    { attractionId: coasterB.id, userId: member.id, rating: 3, audienceType: "thrill", createdAt: at(2) },
    { attractionId: darkRide.id, userId: member.id, rating: 4, audienceType: "general", comment: "Superbe décor", createdAt: at(3) },
    // Someone else's rating never counts for the member.
    { attractionId: darkRide.id, userId: other.id, rating: 1, audienceType: "kids" },
  ]);
  await db.insert(parkRatings).values([
    {
      parkId: park1.id,
      userId: member.id,
      thrillRating: 4,
      themingRating: 5,
      visitDuration: "full_day",
      images: ["img:v1:park_images/a:400:400x300", "img:v1:park_images/b:400:400x300"],
      helpfulCount: 1,
      createdAt: at(4),
    },
    { parkId: park2.id, userId: member.id, valueRating: 3, visitDuration: "half_day", createdAt: at(5) },
  ]);
  await db.insert(contentModifications).values([
    { userId: member.id, targetType: "park", targetId: park1.id, action: "create", status: "approved" },
    { userId: member.id, targetType: "park", targetId: park2.id, action: "create", status: "pending" },
  ]);
  return { member, other, park1, park2, coasterA, coasterB, darkRide };
}

describe("profile statistics (public site §2)", () => {
  it("add up the member's rated attractions and reviews as computed by hand, in one query", async () => {
    const { member } = await handComputedMember();
    const counter = { count: 0 };
    const summary = await countQueriesOf(counter, () => findProfileSummary(database.db, member.id));
    expect(counter.count).toBe(1);
    expect(summary).toMatchObject({ id: member.id, username: member.username });
    const statistics = summary!.statistics;
    expect(statistics).toMatchObject({
      distanceMetres: 2_000,
      inversions: 3,
      rideSeconds: 450,
      testedAttractions: 3,
      visitedParks: 2,
      reviewsGiven: 5,
    });
    expect(statistics.heightMetres).toBeCloseTo(60.5, 5);
    expect(statistics.averageRating).toBeCloseTo(3.9, 5);
    expect(statistics.attractionsByType).toEqual({
      roller_coaster: 2,
      water_ride: 0,
      dark_ride: 1,
      kids_ride: 0,
      virtual_reality: 0,
      interactive_ride: 0,
      transport: 0,
      walk_through: 0,
    });
    expect(statistics.badgeValues).toEqual({
      explorer: 2,
      coasterRider: 2,
      rails: 2_000,
      inversions: 3,
      time: 450,
      photos: 2,
      helpfulVotes: 3,
      approvedSuggestions: 1,
    });
  });

  it("are all zero for a member who has rated nothing", async () => {
    const member = await createMember(database.db);
    const summary = await findProfileSummary(database.db, member.id);
    expect(summary!.statistics).toMatchObject({ distanceMetres: 0, inversions: 0, rideSeconds: 0, heightMetres: 0, averageRating: null });
    expect(Object.values(summary!.statistics.badgeValues).every((value) => value === 0)).toBe(true);
  });

  it("find no profile for an unknown or malformed id", async () => {
    expect(await findProfileSummary(database.db, "no-such-member")).toBeNull();
    expect(await findProfileSummary(database.db, "x'; DROP TABLE profiles; --")).toBeNull();
    expect(await findProfileSummary(database.db, "")).toBeNull();
  });
});

describe("a member's reviews on the profile (public site §2)", () => {
  it("sort by date, rating and name both ways, park and attraction reviews together, in one query", async () => {
    const { member } = await handComputedMember();
    const names = async (sort: Parameters<typeof listMemberReviews>[3]) => {
      const counter = { count: 0 };
      const page = await countQueriesOf(counter, () => listMemberReviews(database.db, member.id, null, sort, 1));
      expect(counter.count).toBe(1);
      expect(page.total).toBe(5);
      return page.reviews.map((review) => review.targetName);
    };
    expect(await names("date-desc")).toEqual(["Aqua Monde", "Parc Zéphyr", "Mystère", "Bolide", "Comète"]);
    expect(await names("date-asc")).toEqual(["Comète", "Bolide", "Mystère", "Parc Zéphyr", "Aqua Monde"]);
    expect(await names("rating-desc")).toEqual(["Comète", "Parc Zéphyr", "Mystère", "Aqua Monde", "Bolide"]);
    expect(await names("rating-asc")).toEqual(["Aqua Monde", "Bolide", "Mystère", "Parc Zéphyr", "Comète"]);
    expect(await names("name-asc")).toEqual(["Aqua Monde", "Bolide", "Comète", "Mystère", "Parc Zéphyr"]);
    expect(await names("name-desc")).toEqual(["Parc Zéphyr", "Mystère", "Comète", "Bolide", "Aqua Monde"]);
  });

  it("link each review to its park or attraction, with the attraction's park and a park review's score", async () => {
    const { member, park1, darkRide, park2 } = await handComputedMember();
    const { reviews } = await listMemberReviews(database.db, member.id, null, "date-desc", 1);
    expect(reviews.find((review) => review.targetId === park1.id)).toMatchObject({ kind: "park", rating: 4.5, parkName: null });
    expect(reviews.find((review) => review.targetId === darkRide.id)).toMatchObject({
      kind: "attraction",
      rating: 4,
      parkName: park2.name,
      comment: "Superbe décor",
    });
  });

  it("leave out reviews of a contribution still pending, except for its author", async () => {
    const member = await createMember(database.db);
    const pending = await createPark(database.db, { moderationStatus: "pending", createdBy: member.id });
    await database.db.insert(parkRatings).values({ parkId: pending.id, userId: member.id, thrillRating: 4, visitDuration: "full_day" });
    expect((await listMemberReviews(database.db, member.id, null, "date-desc", 1)).total).toBe(0);
    expect((await listMemberReviews(database.db, member.id, asViewer(member), "date-desc", 1)).total).toBe(1);
  });

  it("page through many reviews twenty at a time", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    for (let index = 0; index < 25; index += 1) {
      const ride = await createAttraction(database.db, park.id);
      await database.db.insert(attractionRatings).values({ attractionId: ride.id, userId: member.id, rating: 3, audienceType: "general" });
    }
    const first = await listMemberReviews(database.db, member.id, null, "date-desc", 1);
    const second = await listMemberReviews(database.db, member.id, null, "date-desc", 2);
    expect([first.reviews.length, second.reviews.length, first.total, first.pageCount]).toEqual([20, 5, 25, 2]);
    expect(new Set([...first.reviews, ...second.reviews].map((review) => review.id)).size).toBe(25);
  });
});
