import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_REASON_MAX_LENGTH } from "~/domain/comment-limits";
import type { CurrentUser } from "~/domain/current-user";
import { suspendMember } from "~/server/auth/suspension";
import { rideRatings, commentReports, parkRatings } from "~/server/db/schema";
import { reportReview, type ReviewReportDeps } from "~/server/ratings/review-reports";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: ReviewReportDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, logger: pino({ level: "silent" }) };
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** A review row as it stands in the database (reports do not touch aggregates). */
async function parkReview() {
  const park = await createPark(database.db);
  const author = await member();
  const [row] = await database.db
    .insert(parkRatings)
    .values({ parkId: park.id, userId: author.id, thrillRating: 2, visitDuration: "full_day", comment: "Nul" })
    .returning();
  return { author, ratingId: row!.id };
}

async function reportsOn(ratingId: string) {
  return database.db.select().from(commentReports).where(eq(commentReports.commentId, ratingId));
}

describe("reporting a review (docs/rules/quality.md#reporting-a-review)", () => {
  it("creates a pending report with the trimmed reason, for the administrator's list", async () => {
    const { ratingId } = await parkReview();
    const reporter = await member();
    const outcome = await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "  Propos injurieux  " });
    expect(outcome).toMatchObject({ ok: true });
    expect(await reportsOn(ratingId)).toMatchObject([
      { commentType: "park", reportedBy: reporter.id, reason: "Propos injurieux", status: "pending", resolvedAt: null },
    ]);
  });

  it("reports attraction reviews too", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const author = await member();
    const [row] = await database.db
      .insert(rideRatings)
      .values({ rideId: ride.id, userId: author.id, rating: 1, audienceType: "kids" })
      .returning();
    expect(await reportReview(deps, await member(), { ratingType: "attraction", ratingId: row!.id, reason: "Hors sujet" })).toMatchObject({ ok: true });
    expect(await reportsOn(row!.id)).toHaveLength(1);
  });

  it("requires a reason of at most REPORT_REASON_MAX_LENGTH characters", async () => {
    const { ratingId } = await parkReview();
    const reporter = await member();
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "   " })).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "ratings.errors.reportReasonRequired" },
    });
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "x".repeat(REPORT_REASON_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "ratings.errors.reportReasonTooLong", values: { max: REPORT_REASON_MAX_LENGTH } },
    });
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "y".repeat(REPORT_REASON_MAX_LENGTH) })).toMatchObject({ ok: true });
  });

  it("takes one report per member and review, also when both arrive at once", async () => {
    const { ratingId } = await parkReview();
    const reporter = await member();
    await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "Spam" });
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "Encore" })).toEqual({
      ok: false,
      reason: "conflict",
      error: { key: "ratings.errors.alreadyReported" },
    });

    const other = await parkReview();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => reportReview(deps, reporter, { ratingType: "park", ratingId: other.ratingId, reason: "Spam" })),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.reason)).toEqual(Array(7).fill("conflict"));
    expect(await reportsOn(other.ratingId)).toHaveLength(1);
    // Other members may still report it.
    expect(await reportReview(deps, await member(), { ratingType: "park", ratingId: other.ratingId, reason: "Spam" })).toMatchObject({ ok: true });
  });

  it("refuses a report on one's own review, on an unknown one, and from a suspended member", async () => {
    const { author, ratingId } = await parkReview();
    expect(await reportReview(deps, author, { ratingType: "park", ratingId, reason: "Oups" })).toEqual({
      ok: false,
      reason: "forbidden",
      error: { key: "ratings.errors.ownReport" },
    });
    const reporter = await member();
    const notFound = { ok: false, reason: "notFound", error: { key: "ratings.errors.notFound" } };
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId: crypto.randomUUID(), reason: "Spam" })).toEqual(notFound);
    expect(await reportReview(deps, reporter, { ratingType: "attraction", ratingId, reason: "Spam" })).toEqual(notFound);
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId: "x", reason: "Spam" })).toEqual(notFound);

    await suspendMember(database.db, reporter.id, "Signalements abusifs");
    expect(await reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "Spam" })).toEqual({
      ok: false,
      reason: "forbidden",
      error: { key: "auth.errors.suspended", values: { reason: "Signalements abusifs" } },
    });
    expect(await reportsOn(ratingId)).toEqual([]);
  });
});
