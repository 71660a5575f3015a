/**
 * The ride log writes' benchmark (docs/rules/ride-log.md#logging-a-ride; member writes, p50 ≤ 20 ms on small and
 * large). A signed-in member logs rides of the most rated park through the log's JSON address, as the ride page's
 * outbox sends them: an entry with a fresh id ('J'ai fait cette attraction'), then that entry edited, then deleted,
 * over and over, each POST timed alone. The rides are ones the member had not ridden: every log adds a credit and
 * every delete takes it away, so each of the two runs the credits' recount (decision 0074), whose cost grows with
 * the member's log; the edit changes a tally only. A cycle is always finished, so the member's log is left as it was.
 *
 * Two members, one after the other: the heaviest (76 credits on small, 5,000 on large: the recount's worst case) and
 * the one whose credits come nearest RIDE_LOG_BENCH_TYPICAL_CREDITS, so that both scales time the same request.
 *
 * A member may write their log 60 times a minute (WRITE_LIMITS.rideLog): after every RIDE_LOG_WRITES_BEFORE_REFILL
 * writes the member's counter is cleared (untimed, straight in the database), or the run stops when the database is
 * not reachable from here (the smoke run's embedded one).
 */
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { RideLogAnswer, RideLogErrorKey } from "~/domain/ride-log";
import { openDatabase, queryRows, type DatabaseLocation, type Executor } from "~/server/db/database";
import { idArray } from "~/server/db/id-array";
import { resultOf, type DuelRun } from "./duel-write";

/** Enough rides that the member's writes move from one ride's row to the next. */
const RIDE_LOG_BENCH_RIDES = 20;

/** A keen member's credits: about the 90th percentile of the small dataset's riders and the 96th of large's. */
const RIDE_LOG_BENCH_TYPICAL_CREDITS = 50;

/** A whole number of cycles (log, edit, delete) below the 60 a minute a member may write. */
export const RIDE_LOG_WRITES_BEFORE_REFILL = 54;

export const RIDE_LOG_WRITES = ["log", "edit", "delete"] as const;
type RideLogWrite = (typeof RIDE_LOG_WRITES)[number];

/** A member of the benchmark: who, how to sign them in, their credits, and the rides they log. */
export type RideLogRider = { label: string; userId: string; email: string; credits: number; rideIds: string[] };

type Member = { id: string; email: string };

/** Up to RIDE_LOG_BENCH_RIDES published rides of the park with this slug that the member has not logged. */
async function unriddenRides(db: Executor, userId: string, parkSlug: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT a.id FROM parks p
      JOIN attractions a ON a.park_id = p.id AND a.moderation_status = 'approved'
      WHERE p.slug = ${parkSlug} AND p.moderation_status = 'approved'
        AND NOT EXISTS (SELECT 1 FROM ride_log_tallies t WHERE t.user_id = ${userId} AND t.attraction_id = a.id)
      ORDER BY a.id LIMIT ${RIDE_LOG_BENCH_RIDES}`,
  );
  if (rows.length === 0) throw new Error(`${userId} has logged every ride of ${parkSlug}`);
  return rows.map((row) => row.id);
}

/**
 * The heaviest member and the member whose credits come nearest RIDE_LOG_BENCH_TYPICAL_CREDITS: among all members,
 * given the benchmark's password (a credential account with the generator's hash, left in the bench database, as
 * the duel benchmark's members), or among `candidates` (the members with a password, on an embedded database).
 */
export async function findRideLogRiders(location: DatabaseLocation, parkSlug: string, heaviest: Member, candidates: Member[] | null): Promise<RideLogRider[]> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    const [typical] = await queryRows<{ id: string; email: string }>(
      handle.db,
      sql`SELECT p.id, u.email FROM profiles p JOIN "user" u ON u.id = p.id
        WHERE p.ride_credits > 0 AND p.id <> ${heaviest.id} ${candidates ? sql`AND p.id = ANY(${idArray(candidates.map((member) => member.id))}::text[])` : sql``}
        ORDER BY abs(p.ride_credits - ${RIDE_LOG_BENCH_TYPICAL_CREDITS}), p.id LIMIT 1`,
    );
    if (!typical) throw new Error("no other member has logged a ride");
    if (!candidates) {
      await handle.db.execute(
        sql`INSERT INTO account (id, account_id, provider_id, user_id, password)
          SELECT 'bench-ride-log-' || ${typical.id}, ${typical.id}, 'credential', ${typical.id}, password FROM account WHERE id = 'bench-account-1'
          ON CONFLICT DO NOTHING`,
      );
    }
    const riders: RideLogRider[] = [];
    for (const [label, member] of [["heaviest member", heaviest], [`member nearest ${RIDE_LOG_BENCH_TYPICAL_CREDITS} credits`, typical]] as const) {
      const [row] = await queryRows<{ credits: number }>(handle.db, sql`SELECT ride_credits AS credits FROM profiles WHERE id = ${member.id}`);
      riders.push({ label, userId: member.id, email: member.email, credits: row!.credits, rideIds: await unriddenRides(handle.db, member.id, parkSlug) });
    }
    return riders;
  } finally {
    await handle.close();
  }
}

export type RideLogRun = {
  /** 1 when the run stopped at the member's allowance, before its time. */
  stopped: number;
  /** Each write's timed requests. */
  writes: Record<RideLogWrite, Pick<DuelRun, "result" | "requestIds" | "bytes" | "gzipBytes"> & { p95: number }>;
  /** Answers refused by the service (ok: false), by message key. */
  refusals: Partial<Record<RideLogErrorKey | "auth.errors.suspended", number>>;
};

export async function runRideLogWrites(
  base: string,
  session: { userId: string; cookie: string },
  rideIds: readonly string[],
  seconds: number,
  refill: ((userId: string) => Promise<void>) | null,
): Promise<RideLogRun> {
  const url = `${base}/api/ride-log`;
  const timed = Object.fromEntries(RIDE_LOG_WRITES.map((write) => [write, { latencies: [] as number[], requestIds: [] as string[], errors: 0, non2xx: 0, last: new ArrayBuffer(0) }])) as Record<
    RideLogWrite,
    { latencies: number[]; requestIds: string[]; errors: number; non2xx: number; last: ArrayBuffer }
  >;
  const refusals: RideLogRun["refusals"] = {};
  let sequence = 0;
  let written = 0;
  let stopped = 0;
  const today = new Date().toISOString().slice(0, 10);
  const deadline = performance.now() + seconds * 1000;

  const post = async (write: RideLogWrite, body: object): Promise<boolean> => {
    if (written > 0 && written % RIDE_LOG_WRITES_BEFORE_REFILL === 0) {
      if (!refill) return false;
      await refill(session.userId);
    }
    written++;
    const figures = timed[write];
    const requestId = `bench-ride-log-${++sequence}`;
    const started = performance.now();
    let answer: ArrayBuffer;
    let status: number;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json", cookie: session.cookie, "x-request-id": requestId },
        body: JSON.stringify(body),
      });
      answer = await response.arrayBuffer();
      status = response.status;
    } catch {
      figures.errors++;
      return true;
    }
    figures.latencies.push(performance.now() - started);
    figures.requestIds.push(requestId);
    figures.last = answer;
    if (status < 200 || status >= 300) figures.non2xx++;
    const decoded = JSON.parse(new TextDecoder().decode(answer)) as RideLogAnswer;
    if (!decoded.ok) refusals[decoded.error] = (refusals[decoded.error] ?? 0) + 1;
    return true;
  };

  const started = performance.now();
  for (let turn = 0; performance.now() < deadline; turn++) {
    const rideId = rideIds[turn % rideIds.length]!;
    const entry = { id: randomUUID(), riddenOn: today, times: 1, note: null };
    // Once the entry is logged, its cycle is finished whatever the clock says: the member's log is left as it was.
    if (!(await post("log", { intent: "log", rideId, entry }))) break;
    if (!(await post("edit", { intent: "edit", entry: { ...entry, times: 2, note: "Mesure" } }))) break;
    if (!(await post("delete", { intent: "delete", entryId: entry.id, rideId }))) break;
  }
  if (performance.now() < deadline) stopped++;
  const elapsed = (performance.now() - started) / 1000;
  const writes = Object.fromEntries(
    RIDE_LOG_WRITES.map((write) => {
      const figures = timed[write];
      const sorted = [...figures.latencies].sort((a, b) => a - b);
      return [write, {
        result: resultOf(figures.latencies, elapsed, figures.errors, figures.non2xx),
        requestIds: figures.requestIds,
        p95: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0),
        bytes: figures.last.byteLength,
        gzipBytes: gzipSync(Buffer.from(figures.last)).length,
      }];
    }),
  ) as RideLogRun["writes"];
  return { writes, refusals, stopped };
}
