import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { suspendMember } from "~/server/auth/suspension";
import { rideRatings, rides, parks, userRatingStats } from "~/server/db/schema";
import { LIVE_CHANNEL } from "~/server/live/notify";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { findOwnRideReview, listRideReviews } from "~/server/ratings/review-queries";
import { saveRideRating, type RideRatingDeps } from "~/server/ratings/save-ride-rating";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: RideRatingDeps;
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, logger: pino({ level: "silent" }) };
  stopListening = await database.listen(LIVE_CHANNEL, (topic) => heard.push(topic));
});
afterAll(async () => {
  await stopListening();
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** A park and its rides whose aggregates start from the truth (the factories do not maintain them). */
async function parkWithRides(count: number, parkOverrides: Parameters<typeof createPark>[1] = {}) {
  const park = await createPark(database.db, parkOverrides);
  const rideRows = [];
  for (let index = 0; index < count; index += 1) rideRows.push(await createRide(database.db, park.id));
  await recomputeAllAggregates(database.db);
  return { park, rides: rideRows };
}

const rating = (values: Record<string, string> = {}) => ({
  fields: { rating: "4", audienceType: "thrill", comment: "  Des frissons.  ", ...values },
});

describe("rating an attraction (docs/rules/ratings.md#ride-rating-form)", () => {
  it("creates the member's rating, then updates the same one; the ride's and the park's aggregates follow", async () => {
    const { park, rides: rideRows } = await parkWithRides(2);
    const ride = rideRows[0]!;
    const rater = await member();
    const created = await saveRideRating(deps, rater, ride.id, rating());
    expect(created).toMatchObject({ ok: true, created: true });
    if (!created.ok) return;
    expect(await findOwnRideReview(database.db, ride.id, rater.id)).toMatchObject({
      id: created.id,
      rating: 4,
      audienceType: "thrill",
      comment: "Des frissons.",
    });
    const [afterCreate] = await database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(afterCreate).toMatchObject({ ratingCount: 1, ratingSum: 4, averageRating: 4, audienceThrillCount: 1 });
    const [parkAfterCreate] = await database.db.select().from(parks).where(eq(parks.id, park.id));
    expect(parkAfterCreate).toMatchObject({ ratedRidesCount: 1, ridesAverageSum: 4 });

    const updated = await saveRideRating(deps, rater, ride.id, rating({ rating: "2", audienceType: "kids", comment: "" }));
    expect(updated).toEqual({ ok: true, created: false, id: created.id });
    const rows = await database.db.select().from(rideRatings).where(eq(rideRatings.rideId, ride.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, audienceType: "kids", comment: null });
    const [afterUpdate] = await database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(afterUpdate).toMatchObject({ ratingCount: 1, ratingSum: 2, audienceThrillCount: 0, audienceKidsCount: 1 });
    const [stats] = await database.db.select().from(userRatingStats).where(eq(userRatingStats.userId, rater.id));
    expect(stats).toMatchObject({ totalParkRatings: 0, totalRideRatings: 1, currentWeight: 1 });
    await expectAggregatesAsRecomputed(database.db);
  });

  it("keeps the attractions-quality sum equal to a full recomputation with averages that have no exact decimal form", async () => {
    const { rides: rideRows } = await parkWithRides(3);
    const raters = await Promise.all(Array.from({ length: 7 }, () => member()));
    for (const [index, rater] of raters.entries()) {
      await saveRideRating(deps, rater, rideRows[0]!.id, rating({ rating: String((index % 5) + 1) }));
      if (index % 2 === 0) await saveRideRating(deps, rater, rideRows[1]!.id, rating({ rating: String(((index + 2) % 5) + 1), audienceType: "general" }));
      if (index % 3 === 0) await saveRideRating(deps, rater, rideRows[2]!.id, rating({ rating: "5", audienceType: "kids" }));
    }
    for (const rater of raters.slice(0, 3)) await saveRideRating(deps, rater, rideRows[0]!.id, rating({ rating: "1", audienceType: "general" }));
    await expectAggregatesAsRecomputed(database.db);
  });

  it("rates a removed ride of an approved park, but not a pending ride, a ride of a pending park, or an unknown one", async () => {
    const rater = await member();
    const park = await createPark(database.db);
    const removed = await createRide(database.db, park.id, { status: "removed" });
    const pendingRide = await createRide(database.db, park.id, { moderationStatus: "pending" });
    const pendingPark = await createPark(database.db, { moderationStatus: "pending" });
    const rideOfPendingPark = await createRide(database.db, pendingPark.id);
    await recomputeAllAggregates(database.db);

    expect(await saveRideRating(deps, rater, removed.id, rating())).toMatchObject({ ok: true, created: true });
    const notFound = { ok: false, reason: "notFound", errors: { form: [{ key: "attraction.notFound" }] } };
    for (const id of [pendingRide.id, rideOfPendingPark.id, crypto.randomUUID(), "ride"]) {
      expect(await saveRideRating(deps, rater, id, rating())).toEqual(notFound);
    }
    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses an invalid form with the rules' messages", async () => {
    const { rides: rideRows } = await parkWithRides(1);
    expect(await saveRideRating(deps, await member(), rideRows[0]!.id, rating({ rating: "0", audienceType: "everyone" }))).toEqual({
      ok: false,
      reason: "invalid",
      errors: { rating: [{ key: "ratings.errors.ratingRequired" }], audienceType: [{ key: "ratings.errors.audienceRequired" }] },
    });
  });

  it("never lets a member reach another member's rating", async () => {
    const { rides: rideRows } = await parkWithRides(1);
    const ride = rideRows[0]!;
    const author = await member();
    const forger = await member();
    const original = await saveRideRating(deps, author, ride.id, rating({ rating: "5", comment: "Génial" }));
    if (!original.ok) throw new Error("setup failed");
    const forged = await saveRideRating(deps, forger, ride.id, {
      fields: { rating: "1", audienceType: "kids", comment: "Piraté", id: original.id, userId: author.id },
    });
    expect(forged).toMatchObject({ ok: true, created: true });
    const [authorRow] = await database.db
      .select()
      .from(rideRatings)
      .where(and(eq(rideRatings.rideId, ride.id), eq(rideRatings.userId, author.id)));
    expect(authorRow).toMatchObject({ id: original.id, rating: 5, comment: "Génial" });
  });

  it("tells the open pages of the ride and of its park", async () => {
    const { park, rides: rideRows } = await parkWithRides(1);
    heard.length = 0;
    await saveRideRating(deps, await member(), rideRows[0]!.id, rating());
    await expect.poll(() => [...heard].sort()).toEqual([`attraction:${rideRows[0]!.id}`, `park:${park.id}`]);
  });

  it("refuses a suspended member", async () => {
    const { rides: rideRows } = await parkWithRides(1);
    const suspended = await member();
    await suspendMember(database.db, suspended.id, "Insultes");
    expect(await saveRideRating(deps, suspended, rideRows[0]!.id, rating())).toEqual({
      ok: false,
      reason: "forbidden",
      errors: { form: [{ key: "auth.errors.suspended", values: { reason: "Insultes" } }] },
    });
  });

  it("lists a ride's reviews newest first, with the audience and the comment exactly as typed", async () => {
    const { rides: rideRows } = await parkWithRides(1);
    const ride = rideRows[0]!;
    const first = await member();
    const second = await member();
    const payload = `<script>document.cookie</script>`;
    await saveRideRating(deps, first, ride.id, rating({ comment: payload, audienceType: "general" }));
    await saveRideRating(deps, second, ride.id, rating({ rating: "3", audienceType: "kids" }));
    // As a visitor sees them: a member's own review is not in the list but shown before it (findOwnAttractionReview).
    const { reviews } = await listRideReviews(database.db, ride.id, null);
    expect(reviews.map((review) => [review.username, review.rating, review.audienceType, review.isMine])).toEqual([
      [second.username, 3, "kids", false],
      [first.username, 4, "general", false],
    ]);
    expect(reviews[1]?.comment).toBe(payload);
    expect(await findOwnRideReview(database.db, ride.id, first.id)).toMatchObject({ username: first.username, comment: payload, isMine: true });
  });

  it("turns parallel identical submissions of one member into one rating", async () => {
    const { rides: rideRows } = await parkWithRides(2);
    const rater = await member();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => saveRideRating(deps, rater, rideRows[index % 2]!.id, rating())),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.created)).toHaveLength(2);
    for (const ride of rideRows) {
      expect(await database.db.select().from(rideRatings).where(eq(rideRatings.rideId, ride.id))).toHaveLength(1);
    }
    const [stats] = await database.db.select().from(userRatingStats).where(eq(userRatingStats.userId, rater.id));
    expect(stats?.totalRideRatings).toBe(2);
    await expectAggregatesAsRecomputed(database.db);
  });
});
