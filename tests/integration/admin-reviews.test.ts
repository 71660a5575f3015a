import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageRequest } from "~/domain/admin-paging";
import type { AdminReviewRow } from "~/domain/admin-reviews";
import type { CurrentUser } from "~/domain/current-user";
import { listReviews } from "~/server/admin/admin-reviews";
import { deleteReview } from "~/server/admin/review-deletion";
import * as schema from "~/server/db/schema";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
  const account = await createMember(database.db);
  admin = { id: account.id, username: account.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

const logRows = (targetId: string) => database.db.select().from(schema.moderationLogs).where(eq(schema.moderationLogs.targetId, targetId));

/** A park with a ride, each reviewed by two members, with votes on the doomed reviews. */
async function reviewedPark() {
  const author = await createMember(database.db);
  const other = await createMember(database.db);
  const park = await createPark(database.db);
  const ride = await createRide(database.db, park.id);
  const [parkReview] = await database.db
    .insert(schema.parkRatings)
    .values({ parkId: park.id, userId: author.id, thrillRating: 2, themingRating: 5, valueRating: 4, visitDuration: "full_day", comment: "Trop cher" })
    .returning();
  await database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: other.id, thrillRating: 5, visitDuration: "half_day" });
  const [rideReview] = await database.db
    .insert(schema.rideRatings)
    .values({ rideId: ride.id, userId: author.id, rating: 1, audienceType: "kids" })
    .returning();
  await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: other.id, rating: 5, audienceType: "thrill" });
  await database.db.insert(schema.ratingVotes).values([
    { ratingType: "park", ratingId: parkReview!.id, userId: other.id, isHelpful: true },
    { ratingType: "attraction", ratingId: rideReview!.id, userId: other.id, isHelpful: false },
  ]);
  await recomputeAllAggregates(database.db);
  return { author, other, park, ride, parkReview: parkReview!, rideReview: rideReview! };
}

describe("deleting a review from the back office", () => {
  it("deletes a park review with its votes, recomputes the park and the author's stats, and logs it", async () => {
    const world = await reviewedPark();
    expect(await deleteReview(harness.context, admin, "park", world.parkReview.id)).toEqual({ ok: true });
    expect(await database.db.select().from(schema.parkRatings).where(eq(schema.parkRatings.id, world.parkReview.id))).toEqual([]);
    expect(await database.db.select().from(schema.ratingVotes).where(eq(schema.ratingVotes.ratingId, world.parkReview.id))).toEqual([]);
    await expectAggregatesAsRecomputed(database.db);
    expect(await logRows(world.parkReview.id)).toEqual([
      expect.objectContaining({ actionType: "delete", targetType: "rating", moderatorId: admin.id }),
    ]);
  });

  it("deletes a ride review, recomputes the ride, its park and the author's stats, and logs it", async () => {
    const world = await reviewedPark();
    expect(await deleteReview(harness.context, admin, "attraction", world.rideReview.id)).toEqual({ ok: true });
    expect(await database.db.select().from(schema.rideRatings).where(eq(schema.rideRatings.id, world.rideReview.id))).toEqual([]);
    expect(await database.db.select().from(schema.ratingVotes).where(eq(schema.ratingVotes.ratingId, world.rideReview.id))).toEqual([]);
    await expectAggregatesAsRecomputed(database.db);
    expect(await logRows(world.rideReview.id)).toHaveLength(1);
  });

  it("a review already deleted is stale; a wrong type or id is a bad request; nothing is logged", async () => {
    const world = await reviewedPark();
    const stale = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
    expect(await deleteReview(harness.context, admin, "park", world.parkReview.id)).toEqual({ ok: true });
    expect(await deleteReview(harness.context, admin, "park", world.parkReview.id)).toEqual(stale);
    // A ride review's id under the park type is no park review.
    expect(await deleteReview(harness.context, admin, "park", world.rideReview.id)).toEqual(stale);
    expect(await deleteReview(harness.context, admin, "comment", world.rideReview.id)).toMatchObject({ reason: "invalid" });
    expect(await deleteReview(harness.context, admin, "attraction", "42")).toMatchObject({ reason: "invalid" });
    expect(await logRows(world.parkReview.id)).toHaveLength(1);
    expect(await logRows(world.rideReview.id)).toEqual([]);
  });

  it("a failure while logging leaves the review, its votes and the aggregates as they were", async () => {
    const world = await reviewedPark();
    const ghost: CurrentUser = { ...admin, id: crypto.randomUUID() };
    expect(await deleteReview(harness.context, ghost, "attraction", world.rideReview.id)).toEqual({
      ok: false,
      reason: "failed",
      error: { key: "admin.ratings.deleteFailed" },
    });
    expect(await database.db.select().from(schema.rideRatings).where(eq(schema.rideRatings.id, world.rideReview.id))).toHaveLength(1);
    expect(await database.db.select().from(schema.ratingVotes).where(eq(schema.ratingVotes.ratingId, world.rideReview.id))).toHaveLength(1);
    expect(await logRows(world.rideReview.id)).toEqual([]);
    await expectAggregatesAsRecomputed(database.db);
  });
});

describe("the merged reviews list", () => {
  it("returns every review exactly once across keyset pages, both ways, park and ride reviews interleaved at equal times", async () => {
    const tag = `rv${crypto.randomBytes(3).toString("hex")}`;
    const park = await createPark(database.db, { name: `Parc ${tag}` });
    const rides = [await createRide(database.db, park.id), await createRide(database.db, park.id)];
    const expected = new Map<string, "park" | "attraction">();
    for (let index = 0; index < 24; index++) {
      const member = await createMember(database.db, `${tag}_${index}`);
      // Three reviews per instant, from both tables: ties are broken by id across the tables.
      const at = new Date(Date.UTC(2025, 5, 1, 12, Math.floor(index / 2), 0, 123));
      const [parkReview] = await database.db
        .insert(schema.parkRatings)
        .values({ parkId: park.id, userId: member.id, thrillRating: 3, themingRating: 4, visitDuration: "full_day", createdAt: at, comment: index % 3 ? null : "x".repeat(300) })
        .returning();
      expected.set(parkReview!.id, "park");
      const [rideReview] = await database.db
        .insert(schema.rideRatings)
        .values({ rideId: rides[index % 2]!.id, userId: member.id, rating: (index % 5) + 1, audienceType: "general", createdAt: at })
        .returning();
      expected.set(rideReview!.id, "attraction");
    }

    const read = (params: URLSearchParams) =>
      listReviews(database.db, { search: params.get("q") ?? "", type: (params.get("type") as "park" | null) ?? null, page: readPageRequest(params) });

    const pages: AdminReviewRow[][] = [];
    let params = new URLSearchParams({ q: tag });
    for (;;) {
      const page = await read(params);
      pages.push(page.rows);
      if (!page.older) break;
      params = new URLSearchParams({ q: tag, older: page.older });
    }
    const rows = pages.flat();
    expect(pages.map((page) => page.length)).toEqual([20, 20, 8]);
    expect(rows.map((row) => row.id).sort()).toEqual([...expected.keys()].sort());
    expect(rows.every((row) => row.type === expected.get(row.id))).toBe(true);
    const order = rows.map((row) => `${row.createdAt}|${row.id}`);
    expect(order).toEqual([...order].sort().reverse());

    // Back from the last page with `newer`: the same pages, in the same order.
    const last = await read(params);
    const previous = await read(new URLSearchParams({ q: tag, newer: last.newer! }));
    expect(previous.rows.map((row) => row.id)).toEqual(pages[1]!.map((row) => row.id));

    const sample = rows.find((row) => row.type === "park" && row.comment)!;
    expect(sample).toMatchObject({ targetName: `Parc ${tag}`, parkName: `Parc ${tag}`, score: 3.5 });
    expect(sample.comment!.length).toBeLessThanOrEqual(121);
    expect(sample.comment!.endsWith("…")).toBe(true);
    const ride = rows.find((row) => row.type === "attraction")!;
    expect(ride.parkName).toBe(`Parc ${tag}`);
    expect(rides.map((r) => r.name)).toContain(ride.targetName);
    expect(rows.find((row) => row.type === "park" && !row.comment)?.comment).toBeNull();

    const onlyRides = await read(new URLSearchParams({ q: tag, type: "attraction" }));
    expect(onlyRides.rows).toHaveLength(20);
    expect(onlyRides.rows.every((row) => row.type === "attraction")).toBe(true);
    const one = await read(new URLSearchParams({ q: `${tag}_7`, type: "park" }));
    expect(one.rows.map((row) => row.username)).toEqual([`${tag}_7`]);
    // A forged cursor reads as the first page.
    expect((await read(new URLSearchParams({ q: tag, older: "2025-06-01 12:00:00~not-a-uuid" }))).rows).toHaveLength(20);
  });

  it("marks a review hidden by auto-moderation, which the administrator still lists", async () => {
    const tag = `hd${crypto.randomBytes(3).toString("hex")}`;
    const park = await createPark(database.db);
    const member = await createMember(database.db, `${tag}_a`);
    await database.db
      .insert(schema.parkRatings)
      .values({ parkId: park.id, userId: member.id, themingRating: 2, visitDuration: "full_day", comment: "Masqué", hiddenAt: new Date() });
    const other = await createMember(database.db, `${tag}_b`);
    await database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: other.id, themingRating: 4, visitDuration: "full_day" });
    const page = await listReviews(database.db, { search: tag, type: null, page: readPageRequest(new URLSearchParams()) });
    expect(page.rows.map((row) => [row.username, row.hidden])).toEqual(
      expect.arrayContaining([
        [`${tag}_a`, true],
        [`${tag}_b`, false],
      ]),
    );
    expect(page.rows).toHaveLength(2);
  });
});
