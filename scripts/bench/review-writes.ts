/**
 * The review writes' benchmark (decision 0032: a rating, a vote or a report
 * within 50 ms p50, at most 10 statements). Each is posted as the page's
 * form posts it once hydrated: a single-fetch POST to the page's `.data`
 * address, whose answer is only what the form needs. One signed-in member per
 * worker, each posting one write after the other, every POST timed alone.
 *
 * The members' allowances are far below a benchmark's pace (100 review edits
 * a day, 30 votes a minute): after every `refillEvery` writes a worker clears
 * its member's counter (untimed, straight in the database), or stops when the
 * database is not reachable from here (the smoke run's embedded one).
 */
import { sql } from "drizzle-orm";
import { gzipSync } from "node:zlib";
import { openDatabase, queryRows, type DatabaseLocation } from "~/server/db/database";
import { resultOf, type DuelRun } from "./duel-write";

export type ReviewWriter = { userId: string; cookie: string };

/** One write: the page's address with its intent, and the form's fields. */
export type FormWrite = { url: string; body: string };

export type ReviewWriteRun = Pick<DuelRun, "result" | "requestIds" | "bytes" | "gzipBytes" | "stopped"> & {
  /** Answers that were not 2xx, by status. */
  refusals: Record<number, number>;
};

export async function runReviewWrites(
  base: string,
  writers: ReviewWriter[],
  options: {
    seconds: number;
    /** The writer's `turn`-th write, or null when it has no more to make. */
    next: (writer: ReviewWriter, turn: number) => FormWrite | null;
    refillEvery: number;
    refill: ((userId: string) => Promise<void>) | null;
  },
): Promise<ReviewWriteRun> {
  const latencies: number[] = [];
  const requestIds: string[] = [];
  const refusals: Record<number, number> = {};
  let errors = 0;
  let non2xx = 0;
  let stopped = 0;
  let sequence = 0;
  let lastAnswer = new ArrayBuffer(0);
  const deadline = performance.now() + options.seconds * 1000;

  const worker = async (writer: ReviewWriter) => {
    for (let turn = 0; performance.now() < deadline; turn++) {
      // From a cleared counter: the member may have written in an earlier run.
      if (turn % options.refillEvery === 0 && options.refill) await options.refill(writer.userId);
      else if (turn > 0 && turn % options.refillEvery === 0) break;
      const write = options.next(writer, turn);
      if (!write) break;
      const requestId = `bench-review-${++sequence}`;
      const started = performance.now();
      try {
        const response = await fetch(`${base}${write.url}`, {
          method: "POST",
          headers: { origin: base, "content-type": "application/x-www-form-urlencoded", cookie: writer.cookie, "x-request-id": requestId },
          body: write.body,
        });
        lastAnswer = await response.arrayBuffer();
        latencies.push(performance.now() - started);
        requestIds.push(requestId);
        if (response.status < 200 || response.status >= 300) {
          non2xx++;
          refusals[response.status] = (refusals[response.status] ?? 0) + 1;
        }
      } catch {
        errors++;
      }
    }
    if (performance.now() < deadline) stopped++;
  };

  const started = performance.now();
  await Promise.all(writers.map(worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    result: resultOf(latencies, elapsed, errors, non2xx),
    requestIds,
    refusals,
    stopped,
    bytes: lastAnswer.byteLength,
    gzipBytes: gzipSync(Buffer.from(lastAnswer)).length,
  };
}

/** Shown reviews of the park written by none of the excluded members: what the writers vote on and report. */
export async function findReviewsToJudge(location: DatabaseLocation, parkSlug: string, excludedAuthors: string[], limit: number): Promise<string[]> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    const rows = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT r.id FROM park_ratings r JOIN parks p ON p.id = r.park_id
        WHERE p.slug = ${parkSlug} AND r.hidden_at IS NULL
          AND r.user_id NOT IN (${sql.join(excludedAuthors.map((id) => sql`${id}`), sql`, `)})
        ORDER BY r.id LIMIT ${limit}`,
    );
    return rows.map((row) => row.id);
  } finally {
    await handle.close();
  }
}
