import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { commentReports, parkRatings, ratingVotes, userWriteLimits } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { reportReview } from "~/server/ratings/review-reports";
import { setReviewVote } from "~/server/ratings/review-votes";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { consumeWriteAllowance, hasWriteAllowance, WRITE_LIMITS, type WriteLimits } from "~/server/allowances/write-limits";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const logger = pino({ level: "silent" });
let imageStorage: ReturnType<typeof createLocalDiskStorage>;

beforeAll(async () => {
  database = await createTestDatabase();
  imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-limits-")));
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

const small = (overrides: Partial<WriteLimits>): WriteLimits => ({
  review: [{ max: 100, seconds: 60 }],
  reviewEdit: [{ max: 100, seconds: 60 }],
  vote: [{ max: 100, seconds: 60 }],
  report: [{ max: 100, seconds: 60 }],
  suggestion: [{ max: 100, seconds: 60 }],
  park: [{ max: 100, seconds: 60 }],
  attraction: [{ max: 100, seconds: 60 }],
  duel: [{ max: 100, seconds: 60 }],
  duelReset: [{ max: 100, seconds: 60 }],
  plan: [{ max: 100, seconds: 60 }],
  rideLog: [{ max: 100, seconds: 60 }],
  rideLogImport: [{ max: 100, seconds: 60 }],
  waitReport: [{ max: 100, seconds: 60 }],
  confirmationEmail: [{ max: 100, seconds: 60 }],
  ...overrides,
});

/** Moves a member's recorded writes into the past, as if that much time had gone by. */
async function timePasses(userId: string, seconds: number) {
  await database.db
    .update(userWriteLimits)
    .set({ recent: sql`array(SELECT at - make_interval(secs => ${seconds}) FROM unnest(${userWriteLimits.recent}) AS at)` })
    .where(eq(userWriteLimits.userId, userId));
}

async function consume(userId: string, limits: WriteLimits, action: keyof WriteLimits = "vote") {
  return database.db.transaction((tx) => consumeWriteAllowance(tx, userId, action, limits));
}

describe("write limits (decision 0040)", () => {
  it("keeps Discourse-like caps in production: 50 new reviews, 100 edits, 200 votes (30 a minute), 20 reports, 20 edit suggestions, 10 parks and 60 rides a day, duels 60 a minute and 2,000 a day, duel resets 10 an hour and 30 a day, plan writes 120 a minute and 5,000 a day, ride log writes 60 a minute and 1,000 a day, ride log imports 10 a day, wait reports 60 a minute and 200 a day, confirmation e-mails 1 a minute and 10 a day", () => {
    const day = 24 * 3600;
    expect(WRITE_LIMITS).toEqual({
      review: [{ max: 50, seconds: day }],
      reviewEdit: [{ max: 100, seconds: day }],
      vote: [
        { max: 30, seconds: 60 },
        { max: 200, seconds: day },
      ],
      report: [{ max: 20, seconds: day }],
      suggestion: [{ max: 20, seconds: day }],
      park: [{ max: 10, seconds: day }],
      attraction: [{ max: 60, seconds: day }],
      duel: [
        { max: 60, seconds: 60 },
        { max: 2000, seconds: day },
      ],
      duelReset: [
        { max: 10, seconds: 3600 },
        { max: 30, seconds: day },
      ],
      plan: [
        { max: 120, seconds: 60 },
        { max: 5000, seconds: day },
      ],
      rideLog: [
        { max: 60, seconds: 60 },
        { max: 1000, seconds: day },
      ],
      rideLogImport: [{ max: 10, seconds: day }],
      waitReport: [
        { max: 60, seconds: 60 },
        { max: 200, seconds: day },
      ],
      confirmationEmail: [
        { max: 1, seconds: 60 },
        { max: 10, seconds: day },
      ],
    });
  });

  it("allows `max` writes in a sliding window, then again once the oldest has left it", async () => {
    const { id } = await member();
    const limits = small({ vote: [{ max: 3, seconds: 60 }] });
    expect([await consume(id, limits), await consume(id, limits), await consume(id, limits), await consume(id, limits)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(await hasWriteAllowance(database.db, id, "vote", limits)).toBe(false);
    await timePasses(id, 30);
    expect(await consume(id, limits)).toBe(false);
    await timePasses(id, 31);
    expect(await hasWriteAllowance(database.db, id, "vote", limits)).toBe(true);
    expect(await consume(id, limits)).toBe(true);
    // Only writes still inside the window are kept.
    const [row] = await database.db.select().from(userWriteLimits).where(eq(userWriteLimits.userId, id));
    expect(row?.recent).toHaveLength(1);
  });

  it("applies every window of an action: a burst limit and a longer one", async () => {
    const { id } = await member();
    const limits = small({
      vote: [
        { max: 2, seconds: 60 },
        { max: 3, seconds: 3600 },
      ],
    });
    expect([await consume(id, limits), await consume(id, limits), await consume(id, limits)]).toEqual([true, true, false]);
    await timePasses(id, 61);
    expect([await consume(id, limits), await consume(id, limits)]).toEqual([true, false]);
    await timePasses(id, 3600);
    expect(await consume(id, limits)).toBe(true);
  });

  it("counts each member and each kind of write apart, and checks without counting", async () => {
    const first = await member();
    const second = await member();
    const limits = small({ vote: [{ max: 1, seconds: 60 }], report: [{ max: 1, seconds: 60 }] });
    expect(await hasWriteAllowance(database.db, first.id, "vote", limits)).toBe(true);
    expect(await hasWriteAllowance(database.db, first.id, "vote", limits)).toBe(true);
    expect(await consume(first.id, limits, "vote")).toBe(true);
    expect(await consume(first.id, limits, "vote")).toBe(false);
    expect(await consume(first.id, limits, "report")).toBe(true);
    expect(await consume(second.id, limits, "vote")).toBe(true);
    // A kind of write without windows is not limited.
    const unlimited = small({ report: [] });
    for (let index = 0; index < 3; index += 1) expect(await consume(second.id, unlimited, "report")).toBe(true);
    expect(await hasWriteAllowance(database.db, second.id, "report", unlimited)).toBe(true);
  });

  it("gives the allowance back when the write's transaction rolls back", async () => {
    const { id } = await member();
    const limits = small({ vote: [{ max: 1, seconds: 60 }] });
    await expect(
      database.db.transaction(async (tx) => {
        expect(await consumeWriteAllowance(tx, id, "vote", limits)).toBe(true);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await consume(id, limits)).toBe(true);
  });

  it("lets exactly `max` of many parallel writes through", async () => {
    const { id } = await member();
    const limits = small({ vote: [{ max: 3, seconds: 60 }] });
    const allowed = await Promise.all(Array.from({ length: 12 }, () => consume(id, limits)));
    expect(allowed.filter(Boolean)).toHaveLength(3);
  });
});

describe("the limits in the services", () => {
  it("caps new park and attraction ratings together, with tooManyReviews, while edits are counted apart", async () => {
    const [parkA, parkB] = [await createPark(database.db), await createPark(database.db)];
    const ride = await createRide(database.db, parkA.id);
    await recomputeAllAggregates(database.db);
    const rater = await member();
    const limits = small({ review: [{ max: 2, seconds: 3600 }], reviewEdit: [{ max: 2, seconds: 3600 }] });
    const parkDeps = { db: database.db, imageStorage, logger, limits };
    const parkForm = { fields: { thrill: "3", visitDuration: "half_day" }, images: [] };
    expect(await saveParkRating(parkDeps, rater, parkA.id, parkForm)).toMatchObject({ ok: true, created: true });
    expect(await saveRideRating({ db: database.db, logger, limits }, rater, ride.id, { fields: { rating: "4", audienceType: "general" } })).toMatchObject({
      ok: true,
      created: true,
    });
    const tooMany = { ok: false, reason: "tooMany", errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } };
    expect(await saveParkRating(parkDeps, rater, parkB.id, parkForm)).toEqual(tooMany);
    expect(await database.db.select().from(parkRatings).where(eq(parkRatings.parkId, parkB.id))).toEqual([]);

    // Editing is still possible, within its own limit.
    expect(await saveParkRating(parkDeps, rater, parkA.id, parkForm)).toMatchObject({ ok: true, created: false });
    expect(await saveRideRating({ db: database.db, logger, limits }, rater, ride.id, { fields: { rating: "2", audienceType: "kids" } })).toMatchObject({
      ok: true,
      created: false,
    });
    expect(await saveParkRating(parkDeps, rater, parkA.id, parkForm)).toEqual(tooMany);
    expect(await saveRideRating({ db: database.db, logger, limits }, rater, ride.id, { fields: { rating: "5", audienceType: "kids" } })).toEqual(tooMany);
  });

  it("caps votes with tooManyVotes and stores nothing of a refused one", async () => {
    const park = await createPark(database.db);
    const author = await member();
    const reviews = [];
    for (const thrill of [1, 2, 3]) {
      const other = await member();
      const [row] = await database.db
        .insert(parkRatings)
        .values({ parkId: park.id, userId: thrill === 1 ? author.id : other.id, thrillRating: thrill, visitDuration: "full_day" })
        .returning();
      reviews.push(row!.id);
    }
    const voter = await member();
    const deps = { db: database.db, logger, limits: small({ vote: [{ max: 2, seconds: 60 }] }) };
    expect((await setReviewVote(deps, voter, { ratingType: "park", ratingId: reviews[0]!, vote: "helpful" })).ok).toBe(true);
    expect((await setReviewVote(deps, voter, { ratingType: "park", ratingId: reviews[1]!, vote: "helpful" })).ok).toBe(true);
    expect(await setReviewVote(deps, voter, { ratingType: "park", ratingId: reviews[2]!, vote: "helpful" })).toEqual({
      ok: false,
      reason: "tooMany",
      error: { key: "ratings.errors.tooManyVotes" },
    });
    expect(await database.db.select().from(ratingVotes).where(and(eq(ratingVotes.userId, voter.id), eq(ratingVotes.ratingId, reviews[2]!)))).toEqual([]);
  });

  it("caps reports with tooManyReports; a duplicate report does not use the allowance up", async () => {
    const park = await createPark(database.db);
    const reviews = [];
    for (let index = 0; index < 3; index += 1) {
      const author = await member();
      const [row] = await database.db
        .insert(parkRatings)
        .values({ parkId: park.id, userId: author.id, valueRating: 1, visitDuration: "half_day" })
        .returning();
      reviews.push(row!.id);
    }
    const reporter = await member();
    const deps = { db: database.db, logger, limits: small({ report: [{ max: 2, seconds: 3600 }] }) };
    const report = (ratingId: string) => reportReview(deps, reporter, { ratingType: "park", ratingId, reason: "Spam" });
    expect((await report(reviews[0]!)).ok).toBe(true);
    expect(await report(reviews[0]!)).toMatchObject({ ok: false, reason: "conflict" });
    expect((await report(reviews[1]!)).ok).toBe(true);
    expect(await report(reviews[2]!)).toEqual({ ok: false, reason: "tooMany", error: { key: "ratings.errors.tooManyReports" } });
    expect(await database.db.select().from(commentReports).where(eq(commentReports.commentId, reviews[2]!))).toEqual([]);
  });
});
