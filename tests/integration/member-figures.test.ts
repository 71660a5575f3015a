import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rideTypeId } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import { influenceLevel } from "~/domain/influence";
import { deleteRide, updateRide } from "~/server/admin/ride-moderation";
import { deleteReview } from "~/server/admin/review-deletion";
import { deleteAccount } from "~/server/accounts/delete-account";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { setReviewVote } from "~/server/ratings/review-votes";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { submitSuggestion } from "~/server/suggestions/submit-suggestion";
import { approveSuggestion } from "~/server/suggestions/suggestion-moderation";
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
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-member-figures-")));
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
});
afterAll(async () => {
  await database.close();
});

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

async function photo(color: string) {
  return new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).jpeg().toBuffer());
}

const parkFields = (thrill: string) => ({ thrill, theming: "4", visitDuration: "full_day", comment: "Belle journée" });
const rideFields = (rating: string) => ({ fields: { rating, audienceType: "thrill", comment: "Des frissons" } });

/** The admin form of a ride, as its edit screen fills it, with some facts changed. */
function rideForm(name: string, changes: Record<string, string>) {
  return {
    name,
    type: "roller_coaster",
    status: "operating",
    descriptionFr: "",
    descriptionEn: "",
    minHeightAlone: "",
    minHeightForbidden: "",
    duration: "",
    capacityPerHour: "",
    openingYear: "",
    trackLength: "",
    height: "",
    inversions: "",
    maxSpeed: "",
    videoId: "",
    ...changes,
  };
}

describe("a member's maintained figures (decision 0031)", () => {
  it("equal their recomputation after creates, edits, votes, a hidden review, deletions and corrections of ride facts", async () => {
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const admin = await member(true);
    const park = await createPark(database.db, { name: "Parc des Figures" });
    const other = await createPark(database.db, { name: "Autre Parc" });
    const coaster = await createRide(database.db, park.id, {
      name: "Comète",
      typeId: rideTypeId("roller_coaster"),
      trackLength: 1_000,
      inversions: 2,
      duration: 100,
      height: 30.5,
    });
    const darkRide = await createRide(database.db, park.id, { name: "Mystère", typeId: rideTypeId("dark_ride"), duration: 200 });
    const waterRide = await createRide(database.db, other.id, { name: "Rapides", typeId: rideTypeId("water_ride"), trackLength: 500 });
    await recomputeAllAggregates(database.db);

    // Creates (one with two photos), then edits: new stars, a photo replaced.
    expect((await saveParkRating(deps, alice, park.id, { fields: parkFields("5"), images: [await photo("#112233"), await photo("#445566")] })).ok).toBe(true);
    expect((await saveParkRating(deps, alice, other.id, { fields: parkFields("2"), images: [] })).ok).toBe(true);
    for (const [ride, rating] of [[coaster, "5"], [darkRide, "3"], [waterRide, "4"]] as const) {
      expect((await saveRideRating(deps, alice, ride.id, rideFields(rating))).ok).toBe(true);
    }
    expect((await saveRideRating(deps, bob, coaster.id, rideFields("2"))).ok).toBe(true);
    expect((await saveParkRating(deps, bob, park.id, { fields: parkFields("3"), images: [] })).ok).toBe(true);
    expect((await saveRideRating(deps, alice, coaster.id, rideFields("4"))).ok).toBe(true);
    expect((await saveParkRating(deps, alice, park.id, { fields: parkFields("1"), images: [await photo("#778899")] })).ok).toBe(true);
    await expectAggregatesAsRecomputed(database.db);

    // Votes on Alice's reviews, one taken back; one review hidden by moderation.
    const [aliceCoaster] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM attraction_ratings WHERE user_id = ${alice.id} AND attraction_id = ${coaster.id}`,
    );
    const [aliceParkReview] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM park_ratings WHERE user_id = ${alice.id} AND park_id = ${park.id}`);
    for (const voter of [bob, carol]) {
      await setReviewVote(deps, voter, { ratingType: "attraction", ratingId: aliceCoaster!.id, vote: "helpful" });
      await setReviewVote(deps, voter, { ratingType: "park", ratingId: aliceParkReview!.id, vote: "helpful" });
    }
    await setReviewVote(deps, bob, { ratingType: "park", ratingId: aliceParkReview!.id, vote: "unhelpful" });
    await database.db.update(schema.parkRatings).set({ hiddenAt: new Date() }).where(eq(schema.parkRatings.userId, bob.id));
    await expectAggregatesAsRecomputed(database.db);

    // Corrections of ride facts: the administrator's edit (type and facts), an accepted suggestion.
    expect(await updateRide(database.db, admin.id, coaster.id, rideForm(coaster.name, { type: "water_ride", trackLength: "1200", height: "32", inversions: "3" }))).toEqual({ ok: true });
    const suggested = await submitSuggestion(deps, carol, "attraction", darkRide.id, {
      fields: { name: darkRide.name, type: "dark_ride", status: "operating", duration: "240", inversions: "1", reason: "Vu sur place" },
      image: null,
    });
    expect(suggested.ok).toBe(true);
    expect(await approveSuggestion(deps, admin, "attraction", suggested.ok ? suggested.id : "", [])).toEqual({ ok: true });
    await expectAggregatesAsRecomputed(database.db);

    const summary = (await findProfileSummary(database.db, alice.id))!.statistics;
    expect(summary).toMatchObject({
      distanceMetres: 1_200 + 500,
      inversions: 3 + 1,
      rideSeconds: 240,
      heightMetres: 32,
      testedRides: 3,
      visitedParks: 2,
      reviewsGiven: 5,
    });
    expect(summary.ridesByType).toMatchObject({ roller_coaster: 0, water_ride: 2, dark_ride: 1 });
    expect(summary.badgeValues).toMatchObject({ photos: 1, helpfulVotes: 3, coasterRider: 0 });

    // Deletions: a review by the administrator, a ride with its ratings, a voter's account.
    const [aliceWater] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM attraction_ratings WHERE user_id = ${alice.id} AND attraction_id = ${waterRide.id}`,
    );
    expect(await deleteReview(deps, admin, "attraction", aliceWater!.id)).toEqual({ ok: true });
    expect(await deleteRide(deps, admin.id, darkRide.id)).toEqual({ ok: true });
    expect(await deleteAccount(database.db, harness.config, carol.id)).toMatchObject({ ok: true });
    await expectAggregatesAsRecomputed(database.db);

    const after = (await findProfileSummary(database.db, alice.id))!.statistics;
    expect(after).toMatchObject({ distanceMetres: 1_200, inversions: 3, rideSeconds: 0, heightMetres: 32, testedRides: 1, visitedParks: 2 });
    expect(after.badgeValues).toMatchObject({ helpfulVotes: 1 });
  });

  it("keep the influence weight of the domain's levels, from none to the top", async () => {
    const rows = await queryRows<{ parks: number; weight: string }>(
      database.db,
      sql`SELECT n AS parks, influence_weight(n)::text AS weight FROM generate_series(0, 130) n`,
    );
    for (const row of rows) expect(Number(row.weight), `${row.parks} parks`).toBe(influenceLevel(row.parks).multiplier);
  });
});
