import { eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { buildStandingTable, recommendRides } from "~/domain/ride-recommendations";
import { buildTasteIndex, findTasteNeighbours, memberRatings } from "~/domain/taste-similarity";
import { queryRows, type Database } from "../db/database";
import { jobRuns, memberRideSuggestions, memberTasteNeighbours } from "../db/schema";
import { publicRide } from "../catalog/visibility";
import { periodicRuns } from "../jobs/periodic-runs";

export type TastesJobDeps = { db: Database; logger: Logger; /** The tests' lower limit; IN_PROCESS_MAX_RATINGS otherwise. */ inProcessMaxRatings?: number };

/** The job's name in job_runs. */
const TASTES_JOB = "tastes";
/** How often it runs (decision 0078): each run goes on where the previous one stopped. */
export const TASTES_JOB_INTERVAL_MS = 30 * 60 * 1000;
/** The computing time an in-process run may spend on members before it stops and keeps its place; the next run goes on. */
const TASTES_RUN_BUDGET_MS = 20_000;
/**
 * Above this many ratings the web server leaves the job to a process of its own (`npm run job:tastes`, on a
 * schedule: docs/operations.md): reading every rating and indexing them is seconds of a server's single thread and
 * a large share of its memory (on the large bench, 2,000,000 ratings: 18 s and about 700 MB).
 */
const IN_PROCESS_MAX_RATINGS = 200_000;
/** Members computed between two turns of the event loop, and written in one transaction. */
const BATCH = 25;
/** The close members the profile shows ("Ils ont les mêmes goûts que vous"). */
export const SHOWN_NEIGHBOURS = 5;
/** Rides kept per member: the profile shows the first ten, a park page those of its park among them. */
export const KEPT_SUGGESTIONS = 50;
const STOP_WAIT_MS = 3_000;
/** The transaction lock that lets one process at a time write the job's tables (an arbitrary, fixed key). */
const WRITE_LOCK_KEY = 340_078;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type TastesRun = { members: number; finished: boolean; durationMs: number; skipped?: true };

export type TastesJob = {
  /**
   * One run from where the last stopped: within TASTES_RUN_BUDGET_MS in a web server (skipped above
   * IN_PROCESS_MAX_RATINGS); in the job's own process (`ownProcess`) within `budgetMs`, to the last member without.
   */
  run: (options?: { ownProcess?: boolean; budgetMs?: number }) => Promise<TastesRun>;
  start: (intervalMs: number, firstDelayMs: number) => void;
  stop: () => Promise<void>;
};

/**
 * Members with your taste and rides for you (decision 0078): every member's closest members and the rides they would
 * likely love, computed from every member's ratings and duels in the background, never during a page request. A
 * run reads the ratings once and works through the members in id order from where the previous run stopped, for at
 * most TASTES_RUN_BUDGET_MS of computing in a web server (in the job's own process, scripts/tastes-job.ts, for the
 * time it is given, or to the last member); a member's rows are replaced at once, in one transaction per batch.
 */
export function createTastesJob(deps: TastesJobDeps): TastesJob {

  let warnedTooLarge = false;

  async function run(options: { ownProcess?: boolean; budgetMs?: number } = {}): Promise<TastesRun> {
    const ownProcess = options.ownProcess ?? false;
    const budgetMs = options.budgetMs ?? (ownProcess ? Number.POSITIVE_INFINITY : TASTES_RUN_BUDGET_MS);
    const started = performance.now();
    const { db } = deps;
    const limit = deps.inProcessMaxRatings ?? IN_PROCESS_MAX_RATINGS;
    if (!ownProcess) {
      const [counted] = await queryRows<{ count: number }>(
        db,
        sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM attraction_ratings LIMIT ${limit + 1}) AS first_ratings`,
      );
      if (Number(counted?.count ?? 0) > limit) {
        if (!warnedTooLarge) deps.logger.warn({ job: TASTES_JOB, limit }, "too many ratings for a web server: the tastes job runs in its own process (npm run job:tastes)");
        warnedTooLarge = true;
        return { members: 0, finished: false, durationMs: 0, skipped: true };
      }
    }
    const [ratings, duels, showable, rides, [previous]] = await Promise.all([
      queryRows<{ memberId: string; rideId: string; rating: number }>(
        db,
        sql`SELECT user_id AS "memberId", attraction_id AS "rideId", rating FROM attraction_ratings`,
      ),
      queryRows<{ memberId: string; winnerId: string; loserId: string }>(
        db,
        sql`SELECT user_id AS "memberId", winner_id AS "winnerId", loser_id AS "loserId" FROM attraction_duels`,
      ),
      queryRows<{ id: string }>(db, sql`SELECT id FROM profiles WHERE NOT is_suspended`),
      // What may be suggested: a published, operating ride; the standing of every rated one.
      queryRows<{ rideId: string; ratingSum: number; ratingCount: number; listed: boolean }>(
        db,
        sql`SELECT attractions.id AS "rideId", attractions.rating_sum AS "ratingSum", attractions.rating_count AS "ratingCount",
            (${publicRide()} AND attractions.status = 'operating') AS listed
          FROM attractions JOIN parks ON parks.id = attractions.park_id`,
      ),
      db.select({ cursor: jobRuns.cursor }).from(jobRuns).where(eq(jobRuns.name, TASTES_JOB)),
    ]);
    const index = buildTasteIndex(ratings.map((row) => ({ ...row, rating: Number(row.rating) })), duels);
    const shown = new Set(showable.map((row) => row.id));
    const listed = new Set(rides.filter((row) => row.listed).map((row) => row.rideId));
    const table = buildStandingTable(
      rides.filter((row) => Number(row.ratingCount) > 0).map((row) => ({ ...row, ratingSum: Number(row.ratingSum), ratingCount: Number(row.ratingCount) })),
    );
    const members = [...index.memberIds].sort();
    // The same close members recur from one member to the next (those who rated much): their ratings are read out of
    // the index once per run, not once per member who has them as a neighbour.
    const neighbourRatings = new Map<string, ReturnType<typeof memberRatings>>();
    const ratingsOf = (memberId: string) => {
      if (!neighbourRatings.has(memberId)) neighbourRatings.set(memberId, memberRatings(index, memberId));
      return neighbourRatings.get(memberId)!;
    };
    const cursor = previous?.cursor ?? null;
    let next = cursor === null ? 0 : members.findIndex((id) => id > cursor);
    if (next < 0) next = 0;
    let done = 0;
    let finished = false;
    while (performance.now() - started < budgetMs) {
      const batch = members.slice(next, next + BATCH);
      if (batch.length === 0) {
        finished = true;
        break;
      }
      const neighbours = findTasteNeighbours(index, { members: batch, canShow: (id) => shown.has(id), shownK: SHOWN_NEIGHBOURS });
      const neighbourRows: Array<typeof memberTasteNeighbours.$inferInsert> = [];
      const suggestionRows: Array<typeof memberRideSuggestions.$inferInsert> = [];
      for (const memberId of batch) {
        const found = neighbours.get(memberId) ?? { all: [], shown: [] };
        found.shown.slice(0, SHOWN_NEIGHBOURS).forEach((neighbour, position) =>
          neighbourRows.push({ userId: memberId, neighbourId: neighbour.memberId, similarity: neighbour.similarity, overlap: neighbour.coRated, position: position + 1 }),
        );
        const rated = new Set((memberRatings(index, memberId)?.ratings ?? []).map((rating) => rating.rideId));
        const theirs = found.all.flatMap((neighbour) => {
          const own = ratingsOf(neighbour.memberId);
          return own ? [{ similarity: neighbour.similarity, mean: own.mean, ratings: own.ratings }] : [];
        });
        recommendRides(rated, theirs, table, { limit: KEPT_SUGGESTIONS, eligible: (rideId) => listed.has(rideId) }).forEach((suggestion, position) =>
          suggestionRows.push({ userId: memberId, rideId: suggestion.rideId, score: suggestion.score, supporters: suggestion.supporters, position: position + 1 }),
        );
      }
      const last = batch[batch.length - 1]!;
      const written = await db.transaction(async (tx) => {
        // One process writes: another that holds the lock is running the job, this run stops.
        const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${WRITE_LOCK_KEY}) AS locked`);
        if (!lock?.locked) return false;
        await tx.delete(memberTasteNeighbours).where(inArray(memberTasteNeighbours.userId, batch));
        await tx.delete(memberRideSuggestions).where(inArray(memberRideSuggestions.userId, batch));
        if (neighbourRows.length > 0) await tx.insert(memberTasteNeighbours).values(neighbourRows);
        for (let start = 0; start < suggestionRows.length; start += 1_000) {
          await tx.insert(memberRideSuggestions).values(suggestionRows.slice(start, start + 1_000));
        }
        const progress = { startedAt: new Date(), cursor: last };
        await tx.insert(jobRuns).values({ name: TASTES_JOB, ...progress }).onConflictDoUpdate({ target: jobRuns.name, set: progress });
        return true;
      });
      if (!written) break;
      done += batch.length;
      next += batch.length;
      // A whole pass takes minutes at a large site's size: it says how far it is.
      if (ownProcess && done % 5_000 < BATCH) deps.logger.info({ job: TASTES_JOB, members: done, of: members.length, ms: Math.round(performance.now() - started) }, "tastes job under way");
      await nextTurn();
    }
    const durationMs = Math.round(performance.now() - started);
    // A run that reached the last member starts the next one from the first.
    const outcome = { finishedAt: new Date(), durationMs, error: null, ...(finished ? { cursor: null } : {}) };
    await db.insert(jobRuns).values({ name: TASTES_JOB, startedAt: new Date(), ...outcome }).onConflictDoUpdate({ target: jobRuns.name, set: outcome });
    deps.logger.info({ job: TASTES_JOB, ratings: ratings.length, members: done, finished, durationMs }, "tastes job ran");
    return { members: done, finished, durationMs };
  }

  const timer = periodicRuns(() => run(), (error) => deps.logger.error({ err: error, job: TASTES_JOB }, "tastes job failed"), STOP_WAIT_MS);
  return { run, start: timer.start, stop: timer.stop };
}
