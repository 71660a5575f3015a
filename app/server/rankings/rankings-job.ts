import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Transaction } from "../db/database";
import { queryRows } from "../db/database";
import { jobRuns } from "../db/schema";
import { createRandom } from "~/domain/seeded-random";
import { LIVE_CHANNEL } from "../live/notify";
import { computeStandings, snapshotEndedMonth, writeStandings } from "./ride-standings";
import { fitDuelStrengths, writeDuelStrengths } from "./duel-strengths";
import { periodicRuns } from "../jobs/periodic-runs";

export type RankingsJobDeps = { db: Database; logger: Logger };

/** The job's name in job_runs. */
const RANKINGS_JOB = "rankings";
/** How often every process runs it (decision 0079); the lock lets one write per run. */
export const RANKINGS_JOB_INTERVAL_MS = 10 * 60 * 1000;
/** The draws' seed: the same figures give the same ranges at every run. */
const DRAWS_SEED = 34;
/** The transaction lock that lets one process at a time write the job's tables (an arbitrary, fixed key). */
const WRITE_LOCK_KEY = 340_079;
/** What the notice says to the processes' page caches: the rankings moved (any notice drops the kept pages). */
const RANKINGS_NOTICE = "rankings";
const STOP_WAIT_MS = 3_000;

type RankingsRun = { written: boolean; changedStrengths: number; changedStandings: number; snapshotTaken: boolean; durationMs: number };

/** Whether this process may write this run: one process at a time, the others' runs only read. */
async function takeWriteLock(tx: Transaction): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${WRITE_LOCK_KEY}) AS locked`);
  return Boolean(lock?.locked);
}

export type RankingsJob = {
  /** One run at `now` (injectable: the tests and the e2e fixture end a month at a chosen time). */
  run: (now?: Date) => Promise<RankingsRun>;
  /** Runs now and then every `intervalMs`; a run still under way skips the next tick. */
  start: (intervalMs: number) => void;
  /** Stops the timer and waits for the run under way (at most STOP_WAIT_MS). */
  stop: () => Promise<void>;
};

/**
 * The rankings job (decision 0079): every ride's duel strength in its type (decision 0077), every ride's standing and
 * the range of ranks it plausibly holds, and the standings of a month that ended since its previous run, each
 * computed from the maintained aggregates, never during a page request. Every process runs it; the computation
 * reads, and only the process that takes the write lock writes.
 */
export function createRankingsJob(deps: RankingsJobDeps): RankingsJob {
  async function run(now = new Date()): Promise<RankingsRun> {
    const started = performance.now();
    // The duels' strengths first: the duel standings are drawn from them. Fitted outside any transaction (CPU only),
    // written in a short one, so that members' duels, which lock their two rides, wait for the write alone.
    const strengths = await fitDuelStrengths(deps.db);
    const changedStrengths = await deps.db.transaction(async (tx) => ((await takeWriteLock(tx)) ? writeDuelStrengths(tx, strengths) : 0));
    const standings = await computeStandings(deps.db, createRandom(DRAWS_SEED).next);
    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await takeWriteLock(tx))) return { written: false, changedStandings: 0, snapshotTaken: false };
      const [previous] = await tx.select({ startedAt: jobRuns.startedAt }).from(jobRuns).where(eq(jobRuns.name, RANKINGS_JOB));
      // Before the new standings replace them: the previous run's are the end of its month.
      const snapshotTaken = (await snapshotEndedMonth(tx, previous?.startedAt ?? null, now)) !== null;
      const changedStandings = await writeStandings(tx, standings);
      const durationMs = Math.round(performance.now() - started);
      const run = { startedAt: now, finishedAt: new Date(now.getTime() + durationMs), durationMs, error: null };
      await tx.insert(jobRuns).values({ name: RANKINGS_JOB, ...run }).onConflictDoUpdate({ target: jobRuns.name, set: run });
      // Kept pages show ranges and movements: every process drops them, on commit.
      if (changedStrengths > 0 || changedStandings > 0 || snapshotTaken) await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${RANKINGS_NOTICE})`);
      return { written: true, changedStandings, snapshotTaken };
    });
    const durationMs = Math.round(performance.now() - started);
    deps.logger.info({ job: RANKINGS_JOB, strengths: strengths.length, changedStrengths, standings: standings.length, ...outcome, durationMs }, "rankings job ran");
    return { ...outcome, changedStrengths, durationMs };
  }

  async function recordFailure(error: unknown) {
    deps.logger.error({ err: error, job: RANKINGS_JOB }, "rankings job failed");
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .insert(jobRuns)
      .values({ name: RANKINGS_JOB, startedAt: new Date(), error: message })
      .onConflictDoUpdate({ target: jobRuns.name, set: { error: message } })
      .catch(() => undefined);
  }

  const timer = periodicRuns(() => run(), recordFailure, STOP_WAIT_MS);
  return { run, start: (intervalMs) => timer.start(intervalMs), stop: timer.stop };
}
