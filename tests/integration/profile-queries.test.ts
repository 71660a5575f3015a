import crypto from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rideTypeId } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import { MEMBER_REVIEW_SORTS, readMemberReviewCursor, type MemberReviewSort } from "~/domain/member-reviews";
import { queryRows, type Executor } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import { rideRatings, contentModifications, parkRatings } from "~/server/db/schema";
import { listMemberReviews } from "~/server/profiles/member-reviews";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { createRide, createMember, createPark } from "../support/factories";
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
const FIRST_PAGE = { direction: "after", reviewId: null } as const;

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
  const coasterA = await createRide(db, park1.id, {
    name: "Comète",
    typeId: rideTypeId("roller_coaster"),
    trackLength: 1_200,
    inversions: 3,
    duration: 90,
    height: 40.5,
  });
  const coasterB = await createRide(db, park1.id, {
    name: "Bolide",
    typeId: rideTypeId("roller_coaster"),
    trackLength: 800,
    inversions: 0,
    duration: 60,
    height: 20,
  });
  const darkRide = await createRide(db, park2.id, { name: "Mystère", typeId: rideTypeId("dark_ride"), duration: 300 });
  await db.insert(rideRatings).values([
    { rideId: coasterA.id, userId: member.id, rating: 5, audienceType: "thrill", helpfulCount: 2, createdAt: at(1) },
    { rideId: coasterB.id, userId: member.id, rating: 3, audienceType: "thrill", createdAt: at(2) },
    { rideId: darkRide.id, userId: member.id, rating: 4, audienceType: "general", comment: "Superbe décor", createdAt: at(3) },
    // Someone else's rating never counts for the member.
    { rideId: darkRide.id, userId: other.id, rating: 1, audienceType: "kids" },
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

describe("profile statistics (docs/rules/profiles.md#cumulative-statistics)", () => {
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
      testedRides: 3,
      visitedParks: 2,
      reviewsGiven: 5,
    });
    expect(statistics.heightMetres).toBeCloseTo(60.5, 5);
    expect(statistics.averageRating).toBeCloseTo(3.9, 5);
    expect(statistics.ridesByType).toEqual({
      roller_coaster: 2,
      water_ride: 0,
      dark_ride: 1,
      kids_ride: 0,
      virtual_reality: 0,
      interactive_ride: 0,
      transport: 0,
      walk_through: 0,
      flat_ride: 0,
      show: 0,
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

describe("a member's reviews on the profile (docs/rules/profiles.md#profile-page)", () => {
  it("sort by date, rating and name both ways, park and attraction reviews together, in one query", async () => {
    const { member } = await handComputedMember();
    const names = async (sort: MemberReviewSort) => {
      const counter = { count: 0 };
      const page = await countQueriesOf(counter, () => listMemberReviews(database.db, member.id, null, sort, FIRST_PAGE));
      expect(counter.count).toBe(1);
      expect([page.previous, page.next]).toEqual([null, null]);
      return page.reviews.map((review) => review.targetName);
    };
    expect(await names("date-desc")).toEqual(["Aqua Monde", "Parc Zéphyr", "Mystère", "Bolide", "Comète"]);
    expect(await names("date-asc")).toEqual(["Comète", "Bolide", "Mystère", "Parc Zéphyr", "Aqua Monde"]);
    expect(await names("rating-desc")).toEqual(["Comète", "Parc Zéphyr", "Mystère", "Aqua Monde", "Bolide"]);
    // Ascending is the exact reverse of descending: of two reviews rated 3, the older first.
    expect(await names("rating-asc")).toEqual(["Bolide", "Aqua Monde", "Mystère", "Parc Zéphyr", "Comète"]);
    expect(await names("name-asc")).toEqual(["Aqua Monde", "Bolide", "Comète", "Mystère", "Parc Zéphyr"]);
    expect(await names("name-desc")).toEqual(["Parc Zéphyr", "Mystère", "Comète", "Bolide", "Aqua Monde"]);
  });

  it("link each review to its park or attraction, with the attraction's park and a park review's score", async () => {
    const { member, park1, darkRide, park2 } = await handComputedMember();
    const { reviews } = await listMemberReviews(database.db, member.id, null, "date-desc", FIRST_PAGE);
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
    expect((await listMemberReviews(database.db, member.id, null, "date-desc", FIRST_PAGE)).reviews).toHaveLength(0);
    expect((await listMemberReviews(database.db, member.id, asViewer(member), "date-desc", FIRST_PAGE)).reviews).toHaveLength(1);
  });

  it("page through many reviews twenty at a time, forwards and back, every review once in every sort, ties included", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    // 45 reviews: ride ratings and park ratings sharing timestamps, stars, scores and names, so that
    // only the tie-breakers tell them apart.
    for (let index = 0; index < 40; index += 1) {
      const ride = await createRide(database.db, park.id, { name: `Manège ${index % 3}` });
      await database.db
        .insert(rideRatings)
        .values({ rideId: ride.id, userId: member.id, rating: 1 + (index % 5), audienceType: "general", createdAt: at(1 + (index % 4)) });
    }
    for (let index = 0; index < 5; index += 1) {
      const other = await createPark(database.db, { name: `Manège ${index % 2}` });
      await database.db.insert(parkRatings).values({ parkId: other.id, userId: member.id, valueRating: 3, visitDuration: "full_day", createdAt: at(2) });
    }
    for (const sort of MEMBER_REVIEW_SORTS) {
      const counter = { count: 0 };
      const first = await countQueriesOf(counter, () => listMemberReviews(database.db, member.id, null, sort, FIRST_PAGE));
      const second = await countQueriesOf(counter, () => listMemberReviews(database.db, member.id, null, sort, { direction: "after", reviewId: first.next }));
      const third = await listMemberReviews(database.db, member.id, null, sort, { direction: "after", reviewId: second.next });
      expect(counter.count, sort).toBe(3);
      expect([first.reviews.length, second.reviews.length, third.reviews.length], sort).toEqual([20, 20, 5]);
      expect([first.previous, third.next], sort).toEqual([null, null]);
      const ids = [...first.reviews, ...second.reviews, ...third.reviews].map((review) => review.id);
      expect(new Set(ids).size, sort).toBe(45);
      // The same order as one sorted read of everything: the pages follow each other exactly.
      expect(ids, sort).toEqual(await allInOrder(member.id, sort));
      // Back from the last page, then from the second: the same pages again, the first without a previous one.
      const backToSecond = await listMemberReviews(database.db, member.id, null, sort, { direction: "before", reviewId: third.previous });
      expect(backToSecond.reviews.map((review) => review.id), sort).toEqual(second.reviews.map((review) => review.id));
      const backToFirst = await listMemberReviews(database.db, member.id, null, sort, { direction: "before", reviewId: backToSecond.previous });
      expect(backToFirst, sort).toEqual(first);
    }
  });

  it("answer the first page for a cursor that is unknown, gone, or another member's review", async () => {
    const { member, other } = await handComputedMember();
    const [othersReview] = await database.db.select({ id: rideRatings.id }).from(rideRatings).where(eq(rideRatings.userId, other.id));
    const first = await listMemberReviews(database.db, member.id, null, "date-desc", FIRST_PAGE);
    for (const reviewId of [crypto.randomUUID(), othersReview!.id]) {
      expect(await listMemberReviews(database.db, member.id, null, "date-desc", { direction: "after", reviewId })).toEqual(first);
      expect(await listMemberReviews(database.db, member.id, null, "date-desc", { direction: "before", reviewId })).toEqual(first);
    }
  });
});

describe("the review list's plan", () => {
  it.each<[MemberReviewSort, string, string]>([
    ["date-desc", "park_ratings_user_created_idx", "attraction_ratings_user_created_idx"],
    ["date-asc", "park_ratings_user_created_idx", "attraction_ratings_user_created_idx"],
    ["rating-desc", "park_ratings_user_score_idx", "attraction_ratings_user_rating_idx"],
    ["rating-asc", "park_ratings_user_score_idx", "attraction_ratings_user_rating_idx"],
  ])("reads a page of %s by walking the member's indexes, never sorting their history", async (sort, parkIndex, rideIndex) => {
    const member = await createMember(database.db);
    const plan = await database.db.transaction(async (tx) => {
      // Small tables make a sequential scan cheap; forbidding it and sorting shows which index paths exist.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const lines: string[] = [];
      const explaining = {
        execute: async (query: SQL) => {
          const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN ${query}`);
          lines.push(...rows.map((row) => row["QUERY PLAN"]));
          return [];
        },
      } as unknown as Executor;
      await listMemberReviews(explaining, member.id, null, sort, FIRST_PAGE);
      return lines.join("\n");
    });
    expect(plan).toContain(parkIndex);
    expect(plan).toContain(rideIndex);
    // The two halves' first rows are merged in order (Merge Append): nothing is sorted.
    expect(plan).not.toMatch(/->\s+(Incremental )?Sort/);
  });
});

describe("the review list's address", () => {
  it("reads a keyset cursor, and the first page from anything else (an old ?page= link included)", () => {
    const id = crypto.randomUUID();
    expect(readMemberReviewCursor(new URLSearchParams({ after: id }))).toEqual({ direction: "after", reviewId: id });
    expect(readMemberReviewCursor(new URLSearchParams({ before: id, after: id }))).toEqual({ direction: "before", reviewId: id });
    for (const search of ["page=3", "after=1%27%3B--", "before=", ""]) {
      expect(readMemberReviewCursor(new URLSearchParams(search)), search).toEqual(FIRST_PAGE);
    }
  });
});

/** Every review id of the member in the sort's order, read without paging: the reference the pages must follow. */
async function allInOrder(memberId: string, sort: MemberReviewSort): Promise<string[]> {
  const order: Record<MemberReviewSort, string> = {
    "date-desc": "created_at DESC, id DESC",
    "date-asc": "created_at ASC, id ASC",
    "rating-desc": "rating DESC, created_at DESC, id DESC",
    "rating-asc": "rating ASC, created_at ASC, id ASC",
    "name-asc": "name_key ASC, created_at DESC, id DESC",
    "name-desc": "name_key DESC, created_at DESC, id DESC",
  };
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM (
      SELECT r.id, r.created_at, (coalesce(r.value_rating, 0))::float8 AS rating, lower(p.name) AS name_key
      FROM park_ratings r JOIN parks p ON p.id = r.park_id WHERE r.user_id = ${memberId}
      UNION ALL
      SELECT r.id, r.created_at, r.rating::float8, lower(a.name)
      FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id WHERE r.user_id = ${memberId}
    ) reviews ORDER BY ${sql.raw(order[sort])}`,
  );
  return rows.map((row) => row.id);
}
