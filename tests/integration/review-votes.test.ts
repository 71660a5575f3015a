import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { suspendMember } from "~/server/auth/suspension";
import { parkRatings, parks, ratingVotes } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { LIVE_CHANNEL } from "~/server/live/notify";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { setReviewVote, type ReviewVoteDeps } from "~/server/ratings/review-votes";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: ReviewVoteDeps;
const logger = pino({ level: "silent" });
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, logger };
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

/** A park review by its own author, written through the service. */
async function parkReview() {
  const park = await createPark(database.db);
  await recomputeAllAggregates(database.db);
  const author = await member();
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-votes-")));
  const saved = await saveParkRating({ db: database.db, imageStorage, logger }, author, park.id, {
    fields: { thrill: "4", visitDuration: "half_day", comment: "Bien" },
    images: [],
  });
  if (!saved.ok) throw new Error("review not saved");
  return { park, author, ratingId: saved.id };
}

async function rideReview() {
  const park = await createPark(database.db);
  const ride = await createRide(database.db, park.id);
  await recomputeAllAggregates(database.db);
  const author = await member();
  const saved = await saveRideRating({ db: database.db, logger }, author, ride.id, { fields: { rating: "5", audienceType: "thrill" } });
  if (!saved.ok) throw new Error("review not saved");
  return { park, ride, author, ratingId: saved.id };
}

async function votesOn(ratingId: string) {
  return database.db.select().from(ratingVotes).where(eq(ratingVotes.ratingId, ratingId));
}

describe("helpful / unhelpful votes (docs/rules/ratings.md#votes)", () => {
  it("stores the wanted state: a vote, the other one instead, none; the review's counts follow", async () => {
    const { ratingId } = await parkReview();
    const voter = await member();
    const vote = (wanted: string) => setReviewVote(deps, voter, { ratingType: "park", ratingId, vote: wanted });

    expect(await vote("helpful")).toEqual({ ok: true, vote: "helpful", helpfulCount: 1, unhelpfulCount: 0 });
    expect(await vote("helpful")).toEqual({ ok: true, vote: "helpful", helpfulCount: 1, unhelpfulCount: 0 });
    expect(await vote("unhelpful")).toEqual({ ok: true, vote: "unhelpful", helpfulCount: 0, unhelpfulCount: 1 });
    expect(await votesOn(ratingId)).toMatchObject([{ userId: voter.id, ratingType: "park", isHelpful: false }]);
    expect(await vote("none")).toEqual({ ok: true, vote: "none", helpfulCount: 0, unhelpfulCount: 0 });
    expect(await votesOn(ratingId)).toEqual([]);
    expect(await vote("none")).toEqual({ ok: true, vote: "none", helpfulCount: 0, unhelpfulCount: 0 });
  });

  it("counts several members' votes on a review and keeps them equal to the votes themselves", async () => {
    const { ratingId } = await parkReview();
    const voters = await Promise.all(Array.from({ length: 5 }, () => member()));
    for (const [index, voter] of voters.entries()) {
      await setReviewVote(deps, voter, { ratingType: "park", ratingId, vote: index < 3 ? "helpful" : "unhelpful" });
    }
    await setReviewVote(deps, voters[0]!, { ratingType: "park", ratingId, vote: "unhelpful" });
    const outcome = await setReviewVote(deps, voters[1]!, { ratingType: "park", ratingId, vote: "none" });
    expect(outcome).toEqual({ ok: true, vote: "none", helpfulCount: 1, unhelpfulCount: 3 });
    await expectAggregatesAsRecomputed(database.db);
  });

  it("votes on attraction reviews too", async () => {
    const { ratingId } = await rideReview();
    const outcome = await setReviewVote(deps, await member(), { ratingType: "attraction", ratingId, vote: "helpful" });
    expect(outcome).toEqual({ ok: true, vote: "helpful", helpfulCount: 1, unhelpfulCount: 0 });
    await expectAggregatesAsRecomputed(database.db);
  });

  it("leaves exactly one vote after 20 parallel identical requests", async () => {
    const { ratingId } = await parkReview();
    const voter = await member();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => setReviewVote(deps, voter, { ratingType: "park", ratingId, vote: "helpful" })),
    );
    expect(outcomes.every((outcome) => outcome.ok && outcome.vote === "helpful" && outcome.helpfulCount === 1)).toBe(true);
    expect(await votesOn(ratingId)).toHaveLength(1);
    const [row] = await database.db.select().from(parkRatings).where(eq(parkRatings.id, ratingId));
    expect(row).toMatchObject({ helpfulCount: 1, unhelpfulCount: 0 });
  });

  it("keeps the counts right under parallel mixed votes of many members", async () => {
    const { ratingId } = await parkReview();
    const voters = await Promise.all(Array.from({ length: 8 }, () => member()));
    const clicks = voters.flatMap((voter, index) =>
      ["helpful", "unhelpful", index % 2 ? "none" : "helpful"].map((vote) => ({ voter, vote })),
    );
    await Promise.all(clicks.map(({ voter, vote }) => setReviewVote(deps, voter, { ratingType: "park", ratingId, vote })));
    const votes = await votesOn(ratingId);
    const [row] = await database.db.select().from(parkRatings).where(eq(parkRatings.id, ratingId));
    expect(row).toMatchObject({
      helpfulCount: votes.filter((vote) => vote.isHelpful).length,
      unhelpfulCount: votes.filter((vote) => !vote.isHelpful).length,
    });
    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses a vote on one's own review", async () => {
    const { author, ratingId } = await parkReview();
    expect(await setReviewVote(deps, author, { ratingType: "park", ratingId, vote: "helpful" })).toEqual({
      ok: false,
      reason: "forbidden",
      error: { key: "ratings.errors.ownReview" },
    });
    expect(await votesOn(ratingId)).toEqual([]);
  });

  it("answers 404 for an unknown review, a review of the other type, a malformed id, or a review of a park no longer approved", async () => {
    const { park, ratingId } = await parkReview();
    const voter = await member();
    const notFound = { ok: false, reason: "notFound", error: { key: "ratings.errors.notFound" } };
    expect(await setReviewVote(deps, voter, { ratingType: "park", ratingId: crypto.randomUUID(), vote: "helpful" })).toEqual(notFound);
    expect(await setReviewVote(deps, voter, { ratingType: "attraction", ratingId, vote: "helpful" })).toEqual(notFound);
    expect(await setReviewVote(deps, voter, { ratingType: "park", ratingId: "1 OR 1=1", vote: "helpful" })).toEqual(notFound);
    expect(await setReviewVote(deps, voter, { ratingType: "duel", ratingId, vote: "helpful" })).toEqual(notFound);
    expect(await setReviewVote(deps, voter, { ratingType: "park", ratingId, vote: "love" })).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "errors.badRequest" },
    });
    await database.db.update(parks).set({ moderationStatus: "rejected", rejectionReason: "Fermé" }).where(eq(parks.id, park.id));
    expect(await setReviewVote(deps, voter, { ratingType: "park", ratingId, vote: "helpful" })).toEqual(notFound);
    expect(await votesOn(ratingId)).toEqual([]);
  });

  it("refuses a suspended member", async () => {
    const { ratingId } = await parkReview();
    const suspended = await member();
    await suspendMember(database.db, suspended.id, "Votes en masse");
    expect(await setReviewVote(deps, suspended, { ratingType: "park", ratingId, vote: "helpful" })).toEqual({
      ok: false,
      reason: "forbidden",
      error: { key: "auth.errors.suspended", values: { reason: "Votes en masse" } },
    });
    expect(await votesOn(ratingId)).toEqual([]);
  });

  it("tells the review's page when a vote changes something, and only then", async () => {
    const park = await parkReview();
    const ride = await rideReview();
    const voter = await member();
    // The reviews' own notices first (a loaded machine may deliver them late), then only this test's topics.
    const topics = [`park:${park.park.id}`, `attraction:${ride.ride.id}`];
    const heardHere = () => heard.filter((topic) => topics.includes(topic));
    await expect.poll(() => topics.every((topic) => heard.includes(topic))).toBe(true);
    heard.length = 0;
    await setReviewVote(deps, voter, { ratingType: "park", ratingId: park.ratingId, vote: "helpful" });
    await setReviewVote(deps, voter, { ratingType: "attraction", ratingId: ride.ratingId, vote: "unhelpful" });
    await expect.poll(heardHere).toEqual(topics);
    await setReviewVote(deps, voter, { ratingType: "park", ratingId: park.ratingId, vote: "helpful" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardHere()).toHaveLength(2);
    const [stored] = await database.db
      .select()
      .from(ratingVotes)
      .where(and(eq(ratingVotes.userId, voter.id), eq(ratingVotes.ratingId, ride.ratingId)));
    expect(stored).toMatchObject({ ratingType: "attraction", isHelpful: false });
  });
});
