import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import { adminSettings } from "~/server/db/schema";
import { countQueriesOf } from "~/server/db/query-count";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { LIVE_CHANNEL } from "~/server/live/notify";
import { reportReview } from "~/server/ratings/review-reports";
import { setReviewVote } from "~/server/ratings/review-votes";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * A rating, a vote or a report costs at most 10 SQL statements
 * per request (decision 0032). Four of them are not the service's: the session, its user and
 * the member's profile (resolveCurrentUser), and the page's own lookup of its
 * park or ride. So each service here runs at most 6, and still sends its
 * live notice (the page's data now reloads from it, not after the answer).
 */
const REQUEST_OVERHEAD = 4;
const REQUEST_BUDGET = 10;

let database: TestDatabase;
const heard: string[] = [];
let stopListening: () => Promise<void>;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
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

async function statementsOf<T>(write: () => Promise<T>): Promise<{ answer: T; statements: number }> {
  const counter = { count: 0 };
  const answer = await countQueriesOf(counter, write);
  return { answer, statements: counter.count };
}

async function heardSoon(topic: string) {
  await expect.poll(() => heard.includes(topic), { timeout: 5000 }).toBe(true);
  heard.length = 0;
}

describe("the frequent writes stay within 10 statements a request (decision 0032)", () => {
  it("a park rating, new and edited", async () => {
    const deps = { db: database.db, logger, imageStorage: createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-statements-"))) };
    const park = await createPark(database.db);
    const rater = await member();
    const form = (thrill: string) => ({ fields: { thrill, theming: "3", visitDuration: "full_day", comment: "" }, images: [] });
    const created = await statementsOf(() => saveParkRating(deps, rater, park.id, form("4")));
    expect(created.answer).toMatchObject({ ok: true, created: true });
    expect(created.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET);
    await heardSoon(parkTopic(park.id));
    const edited = await statementsOf(() => saveParkRating(deps, rater, park.id, form("2")));
    expect(edited.answer).toMatchObject({ ok: true, created: false });
    expect(edited.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET - 1);
    await heardSoon(parkTopic(park.id));
  });

  it("a ride rating, new and edited", async () => {
    const deps = { db: database.db, logger };
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const rater = await member();
    const created = await statementsOf(() => saveRideRating(deps, rater, ride.id, { fields: { rating: "4", audienceType: "thrill" } }));
    expect(created.answer).toMatchObject({ ok: true, created: true });
    expect(created.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET);
    await heardSoon(rideTopic(ride.id));
    const edited = await statementsOf(() => saveRideRating(deps, rater, ride.id, { fields: { rating: "2", audienceType: "kids" } }));
    expect(edited.answer).toMatchObject({ ok: true, created: false });
    expect(edited.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET - 1);
    await heardSoon(parkTopic(park.id));
  });

  it("a vote, with the counts it answers", async () => {
    const deps = { db: database.db, logger, imageStorage: createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-statements-"))) };
    const park = await createPark(database.db);
    const author = await member();
    const review = await saveParkRating(deps, author, park.id, { fields: { thrill: "5", visitDuration: "full_day", comment: "Super" }, images: [] });
    if (!review.ok) throw new Error("review not saved");
    heard.length = 0;
    const voter = await member();
    const vote = await statementsOf(() => setReviewVote({ db: database.db, logger }, voter, { ratingType: "park", ratingId: review.id, vote: "helpful" }));
    expect(vote.answer).toEqual({ ok: true, vote: "helpful", helpfulCount: 1, unhelpfulCount: 0 });
    expect(vote.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET);
    await heardSoon(parkTopic(park.id));
    const changed = await setReviewVote({ db: database.db, logger }, voter, { ratingType: "park", ratingId: review.id, vote: "unhelpful" });
    expect(changed).toEqual({ ok: true, vote: "unhelpful", helpfulCount: 0, unhelpfulCount: 1 });
  });

  it("a report, auto-moderation on, up to the one that hides the review", async () => {
    await database.db.update(adminSettings).set({ autoModeration: true, maxReportsBeforeHide: 2 }).where(eq(adminSettings.id, 1));
    const deps = { db: database.db, logger, imageStorage: createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-statements-"))) };
    const park = await createPark(database.db);
    const author = await member();
    const review = await saveParkRating(deps, author, park.id, { fields: { thrill: "1", visitDuration: "full_day", comment: "Nul" }, images: [] });
    if (!review.ok) throw new Error("review not saved");
    heard.length = 0;
    const report = () => member().then((reporter) => statementsOf(() => reportReview({ db: database.db, logger }, reporter, { ratingType: "park", ratingId: review.id, reason: "Hors sujet, publicité" })));
    const first = await report();
    expect(first.answer.ok).toBe(true);
    expect(first.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET);
    const hiding = await report();
    expect(hiding.answer.ok).toBe(true);
    // The rare report that hides the review also writes it hidden and tells its page.
    expect(hiding.statements + REQUEST_OVERHEAD).toBeLessThanOrEqual(REQUEST_BUDGET + 1);
    await heardSoon(parkTopic(park.id));
  });
});
