import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { dismissReport, resolveReport } from "~/server/admin/report-moderation";
import { adminSettings, rideRatings, parkRatings, parks } from "~/server/db/schema";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { listMemberReviews } from "~/server/profiles/member-reviews";
import { findOwnRideReview, findOwnParkReview, listRideReviews, listParkReviews } from "~/server/ratings/review-queries";
import { reportReview, type ReviewReportDeps } from "~/server/ratings/review-reports";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const FIRST_PAGE = { direction: "after", reviewId: null } as const;

let database: TestDatabase;
let deps: ReviewReportDeps;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, logger: pino({ level: "silent" }) };
  const created = await createMember(database.db);
  admin = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await settings({ autoModeration: true, maxReportsBeforeHide: 3 });
});

function settings(values: { autoModeration: boolean; maxReportsBeforeHide: number }) {
  return database.db.update(adminSettings).set(values).where(eq(adminSettings.id, 1));
}

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** A park review, with its park's aggregates kept as a rating save keeps them. */
async function parkReview() {
  const park = await createPark(database.db);
  const author = await member();
  const [row] = await database.db.insert(parkRatings).values({ parkId: park.id, userId: author.id, thrillRating: 4, visitDuration: "full_day", comment: "Texte signalé" }).returning();
  await recomputeAllAggregates(database.db);
  return { park, author, ratingId: row!.id };
}

async function reportBy(count: number, ratingType: "park" | "attraction", ratingId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const outcome = await reportReview(deps, await member(), { ratingType, ratingId, reason: "Insultant" });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    ids.push(outcome.id);
  }
  return ids;
}

async function publicParkReviewIds(parkId: string, viewer: CurrentUser | null = null) {
  return (await listParkReviews(database.db, parkId, viewer)).reviews.map((review) => review.id);
}

async function hiddenAt(ratingId: string) {
  const [row] = await database.db.select({ hiddenAt: parkRatings.hiddenAt }).from(parkRatings).where(eq(parkRatings.id, ratingId));
  return row!.hiddenAt;
}

describe("auto-moderation on, max 3 (docs/rules/quality.md#settings-take-effect)", () => {
  it("the third pending report hides the review from the park page and the member's profile; its scores stay counted", async () => {
    const { park, author, ratingId } = await parkReview();
    await reportBy(2, "park", ratingId);
    expect(await publicParkReviewIds(park.id)).toEqual([ratingId]);
    await reportBy(1, "park", ratingId);
    expect(await hiddenAt(ratingId)).toBeInstanceOf(Date);

    expect(await publicParkReviewIds(park.id)).toEqual([]);
    expect(await publicParkReviewIds(park.id, await member())).toEqual([]);
    expect((await listMemberReviews(database.db, author.id, null, "date-desc", FIRST_PAGE)).reviews).toEqual([]);
    expect((await findProfileSummary(database.db, author.id))!.statistics).toMatchObject({ reviewsGiven: 0, visitedParks: 1 });
    // The report is about the text: the member's scores stay in the park's figures.
    const [figures] = await database.db.select({ ratingCount: parks.ratingCount }).from(parks).where(eq(parks.id, park.id));
    expect(figures!.ratingCount).toBe(1);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("the author still sees their review, marked hidden; so does the administrator", async () => {
    const { park, author, ratingId } = await parkReview();
    await reportBy(3, "park", ratingId);
    // The author's page shows their own review first, from its own query, and not again in the list.
    expect(await findOwnParkReview(database.db, park.id, author.id)).toMatchObject({ id: ratingId, hidden: true, isMine: true });
    expect((await listParkReviews(database.db, park.id, author)).reviews).toEqual([]);
    expect((await listParkReviews(database.db, park.id, admin)).reviews).toMatchObject([{ id: ratingId, hidden: true }]);
    expect((await listMemberReviews(database.db, author.id, author, "date-desc", FIRST_PAGE)).reviews).toMatchObject([{ id: ratingId, hidden: true }]);
  });

  it("hides ride reviews too", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const author = await member();
    const [row] = await database.db.insert(rideRatings).values({ rideId: ride.id, userId: author.id, rating: 1, audienceType: "kids", comment: "Nul" }).returning();
    await reportBy(3, "attraction", row!.id);
    expect((await listRideReviews(database.db, ride.id, null)).reviews).toEqual([]);
    expect((await listMemberReviews(database.db, author.id, null, "date-desc", FIRST_PAGE)).reviews).toEqual([]);
    expect(await findOwnRideReview(database.db, ride.id, author.id)).toMatchObject({ id: row!.id, hidden: true });
  });

  it("counts pending reports only: a dismissed one does not count", async () => {
    const { park, ratingId } = await parkReview();
    const [first] = await reportBy(1, "park", ratingId);
    await dismissReport(database.db, admin, { id: first!, resolution: "" });
    await reportBy(2, "park", ratingId);
    expect(await publicParkReviewIds(park.id)).toEqual([ratingId]);
    await reportBy(1, "park", ratingId);
    expect(await publicParkReviewIds(park.id)).toEqual([]);
  });

  it("counts reports that arrive together right (the review row is locked)", async () => {
    await settings({ autoModeration: true, maxReportsBeforeHide: 5 });
    const { park, ratingId } = await parkReview();
    const reporters = await Promise.all([member(), member(), member(), member(), member()]);
    const outcomes = await Promise.all(reporters.map((reporter) => reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "Spam" })));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await publicParkReviewIds(park.id)).toEqual([]);
  });

  it("follows the setting: max 1 hides at the first report", async () => {
    await settings({ autoModeration: true, maxReportsBeforeHide: 1 });
    const { park, ratingId } = await parkReview();
    await reportBy(1, "park", ratingId);
    expect(await publicParkReviewIds(park.id)).toEqual([]);
  });
});

describe("auto-moderation off", () => {
  it("never hides a review, however often reported", async () => {
    await settings({ autoModeration: false, maxReportsBeforeHide: 1 });
    const { park, ratingId } = await parkReview();
    await reportBy(4, "park", ratingId);
    expect(await hiddenAt(ratingId)).toBeNull();
    expect(await publicParkReviewIds(park.id)).toEqual([ratingId]);
  });
});

describe("the administrator's decision on a hidden review", () => {
  it("dismissing every report shows it again (only once none is pending)", async () => {
    const { park, author, ratingId } = await parkReview();
    const ids = await reportBy(3, "park", ratingId);
    await dismissReport(database.db, admin, { id: ids[0]!, resolution: "" });
    await dismissReport(database.db, admin, { id: ids[1]!, resolution: "" });
    expect(await publicParkReviewIds(park.id)).toEqual([]);
    await dismissReport(database.db, admin, { id: ids[2]!, resolution: "" });
    expect(await hiddenAt(ratingId)).toBeNull();
    expect(await publicParkReviewIds(park.id)).toEqual([ratingId]);
    expect((await listMemberReviews(database.db, author.id, null, "date-desc", FIRST_PAGE)).reviews).toMatchObject([{ id: ratingId, hidden: false }]);
  });

  it("resolving a report keeps it hidden, even once the others are dismissed", async () => {
    const { park, ratingId } = await parkReview();
    const ids = await reportBy(3, "park", ratingId);
    expect(await resolveReport(database.db, admin, { id: ids[0]!, resolution: "Propos injurieux confirmés" })).toEqual({ ok: true });
    await dismissReport(database.db, admin, { id: ids[1]!, resolution: "" });
    await dismissReport(database.db, admin, { id: ids[2]!, resolution: "" });
    expect(await hiddenAt(ratingId)).toBeInstanceOf(Date);
    expect(await publicParkReviewIds(park.id)).toEqual([]);
  });

  it("dismissing a report of a review that was never hidden changes nothing on it", async () => {
    const { park, ratingId } = await parkReview();
    const [id] = await reportBy(1, "park", ratingId);
    await dismissReport(database.db, admin, { id: id!, resolution: "" });
    expect(await publicParkReviewIds(park.id)).toEqual([ratingId]);
  });
});
