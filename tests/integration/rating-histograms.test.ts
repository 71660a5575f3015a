import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rideTypeId } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import { deleteReview } from "~/server/admin/review-deletion";
import { deleteAccount } from "~/server/accounts/delete-account";
import { queryRows, type Executor } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let deps: { db: TestDatabase["db"]; imageStorage: ReturnType<typeof createLocalDiskStorage>; logger: pino.Logger };

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-histograms-")));
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
});
afterAll(async () => {
  await database.close();
});

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

const CATEGORIES = ["kids_friendly", "family_friendly", "thrill", "theming", "operations", "value"] as const;

/** Five counts of 1…5 stars from a list of stars (nulls skipped): the plain count the histograms must equal. */
function counted(stars: Array<number | null>): number[] {
  const histogram = [0, 0, 0, 0, 0];
  for (const value of stars) if (value !== null) histogram[value - 1]! += 1;
  return histogram;
}

/**
 * Every maintained histogram equals a count over the ratings as they are, done here in plain code
 * (not by recomputeAggregates, whose SQL is the other half of what is checked).
 */
async function expectHistogramsCounted(db: Executor) {
  const rideRows = await queryRows<{ id: string; rating_histogram: number[] }>(db, sql`SELECT id, rating_histogram FROM attractions`);
  const rideRatingRows = await queryRows<{ attraction_id: string; rating: number; user_id: string; created_at: string }>(
    db,
    sql`SELECT attraction_id, rating, user_id, created_at::text FROM attraction_ratings`,
  );
  for (const ride of rideRows) {
    expect(ride.rating_histogram).toEqual(counted(rideRatingRows.filter((r) => r.attraction_id === ride.id).map((r) => r.rating)));
  }
  const parks = await queryRows<Record<string, unknown> & { id: string }>(db, sql`SELECT * FROM parks`);
  const parkRatings = await queryRows<Record<string, unknown> & { park_id: string; user_id: string; created_at: string }>(
    db,
    sql`SELECT *, created_at::text AS created_at FROM park_ratings`,
  );
  for (const park of parks) {
    const own = parkRatings.filter((r) => r.park_id === park.id);
    for (const category of CATEGORIES) {
      expect(park[`${category}_histogram`], `${category} of ${park.id}`).toEqual(counted(own.map((r) => r[`${category}_rating`] as number | null)));
    }
  }
  // The months: UTC calendar month of each rating's creation, per member, parks and rides apart.
  const expected = new Map<string, { parks: number; rides: number }>();
  const month = (createdAt: string) => new Date(createdAt).toISOString().slice(0, 7);
  for (const [rows, side] of [[parkRatings, "parks"], [rideRatingRows, "rides"]] as const) {
    for (const row of rows) {
      const key = `${row.user_id} ${month(row.created_at)}`;
      const entry = expected.get(key) ?? { parks: 0, rides: 0 };
      entry[side] += 1;
      expected.set(key, entry);
    }
  }
  const months = await queryRows<{ user_id: string; month: string; park_ratings: number; attraction_ratings: number }>(
    db,
    sql`SELECT user_id, month::text, park_ratings, attraction_ratings FROM user_rating_months`,
  );
  const stored = new Map(months.map((row) => [`${row.user_id} ${row.month.slice(0, 7)}`, { parks: row.park_ratings, rides: row.attraction_ratings }]));
  expect(stored).toEqual(expected);
}

const parkFields = (stars: Record<string, string>) => ({ ...stars, visitDuration: "full_day", comment: "" });
const rideFields = (rating: string) => ({ fields: { rating, audienceType: "thrill", comment: "" } });

describe("the charts' histograms (decision 0035)", () => {
  it("equal a plain count over the ratings after rating, changing, hiding, deleting a review and an account", async () => {
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const admin = await member(true);
    const park = await createPark(database.db, { name: "Parc des Histogrammes" });
    const ride = await createRide(database.db, park.id, { name: "Barres" });
    // A flat ride: outside the profile's grid of eight types, in its chart of all ten.
    const otherRide = await createRide(database.db, park.id, { name: "Colonnes", typeId: rideTypeId("flat_ride") });
    // The factories write rows as they are: the park's ride counts start from their definition.
    await recomputeAllAggregates(database.db);

    // Rate: a park rating leaving some categories out, rides.
    expect((await saveParkRating(deps, alice, park.id, { fields: parkFields({ thrill: "5", theming: "4" }), images: [] })).ok).toBe(true);
    expect((await saveParkRating(deps, bob, park.id, { fields: parkFields({ thrill: "5", value: "1", kidsFriendly: "3" }), images: [] })).ok).toBe(true);
    expect((await saveParkRating(deps, carol, park.id, { fields: parkFields({ thrill: "2" }), images: [] })).ok).toBe(true);
    for (const [who, rating] of [[alice, "5"], [bob, "5"], [carol, "1"]] as const) {
      expect((await saveRideRating(deps, who, ride.id, rideFields(rating))).ok).toBe(true);
    }
    expect((await saveRideRating(deps, alice, otherRide.id, rideFields("3"))).ok).toBe(true);
    await expectHistogramsCounted(database.db);
    const [rated] = await queryRows<{ rating_histogram: number[]; thrill_histogram: number[] }>(
      database.db,
      sql`SELECT a.rating_histogram, p.thrill_histogram FROM attractions a JOIN parks p ON p.id = a.park_id WHERE a.id = ${ride.id}`,
    );
    expect(rated).toEqual({ rating_histogram: [1, 0, 0, 0, 2], thrill_histogram: [0, 1, 0, 0, 2] });

    // Change: stars moved, a category left out now, another given; a ride's stars changed; an edit keeps its month.
    expect((await saveParkRating(deps, alice, park.id, { fields: parkFields({ thrill: "3", value: "4" }), images: [] })).ok).toBe(true);
    expect((await saveRideRating(deps, bob, ride.id, rideFields("2"))).ok).toBe(true);
    expect((await saveRideRating(deps, bob, ride.id, rideFields("2"))).ok).toBe(true);
    await expectHistogramsCounted(database.db);

    // A rating from an earlier month (as a bulk load or a restore writes it): its month moves with it.
    await database.db.execute(sql`UPDATE attraction_ratings SET created_at = now() - interval '75 days' WHERE user_id = ${alice.id} AND attraction_id = ${otherRide.id}`);
    await expectHistogramsCounted(database.db);

    // A correction of the ride's type moves its raters' counts by type (migration 0018's trigger, with the two new types).
    expect((await findProfileSummary(database.db, alice.id))!.statistics.ridesByType).toMatchObject({ flat_ride: 1, show: 0 });
    await database.db.update(schema.rides).set({ typeId: rideTypeId("show") }).where(eq(schema.rides.id, otherRide.id));
    expect((await findProfileSummary(database.db, alice.id))!.statistics.ridesByType).toMatchObject({ flat_ride: 0, show: 1 });
    await expectAggregatesAsRecomputed(database.db);

    // Hidden by moderation: the review leaves the lists, its stars stay counted (as in the sums).
    await database.db.update(schema.parkRatings).set({ hiddenAt: new Date() }).where(eq(schema.parkRatings.userId, bob.id));
    await database.db.update(schema.rideRatings).set({ hiddenAt: new Date() }).where(eq(schema.rideRatings.userId, bob.id));
    await expectHistogramsCounted(database.db);

    // Deleted by the administrator, then a whole account.
    const [carolRide] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM attraction_ratings WHERE user_id = ${carol.id}`);
    expect(await deleteReview(deps, admin, "attraction", carolRide!.id)).toEqual({ ok: true });
    const [bobPark] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM park_ratings WHERE user_id = ${bob.id}`);
    expect(await deleteReview(deps, admin, "park", bobPark!.id)).toEqual({ ok: true });
    await expectHistogramsCounted(database.db);
    expect(await deleteAccount(database.db, harness.config, carol.id)).toMatchObject({ ok: true });
    await expectHistogramsCounted(database.db);
    await expectAggregatesAsRecomputed(database.db);

    const [after] = await queryRows<{ rating_histogram: number[]; thrill_histogram: number[]; value_histogram: number[] }>(
      database.db,
      sql`SELECT a.rating_histogram, p.thrill_histogram, p.value_histogram FROM attractions a JOIN parks p ON p.id = a.park_id WHERE a.id = ${ride.id}`,
    );
    expect(after).toEqual({ rating_histogram: [0, 1, 0, 0, 1], thrill_histogram: [0, 0, 1, 0, 0], value_histogram: [0, 0, 0, 1, 0] });
    const months = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM user_rating_months WHERE user_id = ${carol.id}`);
    expect(months[0]!.n).toBe(0);
    // The profile reads the last twelve months from the maintained rows: this month and the one 75 days back.
    const profile = await findProfileSummary(database.db, alice.id);
    const total = profile!.ratingMonths.reduce((sum, m) => sum + m.parkRatings + m.rideRatings, 0);
    expect(profile!.ratingMonths).toHaveLength(12);
    expect(total).toBe(3);
  });

  it("are rebuilt by recomputeAllAggregates", async () => {
    const who = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    expect((await saveParkRating(deps, who, park.id, { fields: parkFields({ operations: "2" }), images: [] })).ok).toBe(true);
    expect((await saveRideRating(deps, who, ride.id, rideFields("4"))).ok).toBe(true);
    await database.db.execute(sql`UPDATE parks SET operations_histogram = '{0,0,0,0,0}'`);
    await database.db.execute(sql`UPDATE attractions SET rating_histogram = '{9,0,0,0,0}'`);
    await database.db.execute(sql`DELETE FROM user_rating_months`);
    await recomputeAllAggregates(database.db);
    await expectHistogramsCounted(database.db);
  });

  it("let a member re-rate when a histogram disagrees with the ratings (a rating written around the services)", async () => {
    const who = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    // Written straight into the tables, as a restore or a test fixture would: the histograms still say nothing.
    await database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: who.id, thrillRating: 4, visitDuration: "full_day" });
    await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: who.id, rating: 4, audienceType: "thrill" });
    expect((await saveParkRating(deps, who, park.id, { fields: parkFields({ thrill: "2" }), images: [] })).ok).toBe(true);
    expect((await saveRideRating(deps, who, ride.id, rideFields("5"))).ok).toBe(true);
    const [parkRow] = await queryRows<{ thrill_histogram: number[] }>(database.db, sql`SELECT thrill_histogram FROM parks WHERE id = ${park.id}`);
    const [rideRow] = await queryRows<{ rating_histogram: number[] }>(database.db, sql`SELECT rating_histogram FROM attractions WHERE id = ${ride.id}`);
    // The 4 moved away from a count that was already 0 stays at 0; the new stars are counted.
    expect(parkRow!.thrill_histogram).toEqual([0, 1, 0, 0, 0]);
    expect(rideRow!.rating_histogram).toEqual([0, 0, 0, 0, 1]);
  });

  it("refuse a histogram that is not five counts of zero or more", async () => {
    const park = await createPark(database.db);
    await expect(database.db.execute(sql`UPDATE parks SET thrill_histogram = '{0,0,0,0}' WHERE id = ${park.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`UPDATE parks SET thrill_histogram = '{0,0,-1,0,0}' WHERE id = ${park.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`UPDATE parks SET thrill_histogram = '{0,0,NULL,0,0}' WHERE id = ${park.id}`)).rejects.toThrow();
  });
});
