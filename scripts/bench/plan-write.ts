/**
 * The visit plan save's benchmark (a plan save's p50 on the small dataset,
 * docs/rules/quality.md#member-writes: 50 ms). One signed-in member per worker
 * saves their plan of the most rated park over and over, as the page's
 * autosave does after each drag: the park's rides (up to PLAN_BENCH_RIDES),
 * turned by one place each save, one priority moved. Each save sends the
 * version the previous answer gave (decision 0022), so none is stale; only
 * the POST is timed, the first GET (the version to start from) is not.
 *
 * A member may write their plan 120 times a minute (WRITE_LIMITS.plan):
 * after every SAVES_BEFORE_REFILL saves a worker clears its member's counter
 * (untimed, straight in the database), or stops when the database is not
 * reachable from here (the smoke run's embedded one).
 */
import { sql } from "drizzle-orm";
import { gzipSync } from "node:zlib";
import type { PlanAnswer, PlanErrorKey } from "~/domain/visit-plan";
import { openDatabase, queryRows, type DatabaseLocation } from "~/server/db/database";
import { resultOf, type DuelRun } from "./duel-write";

/** A big park's plan: enough rides that a save rewrites a realistic number of entries. */
const PLAN_BENCH_RIDES = 20;

/** Below the 120 a minute a member may save. */
const SAVES_BEFORE_REFILL = 100;

export type PlanBenchPark = { parkId: string; rideIds: string[] };

/** The park with this slug and up to PLAN_BENCH_RIDES of its published, operating rides. */
export async function findPlanPark(location: DatabaseLocation, parkSlug: string): Promise<PlanBenchPark> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    const rows = await queryRows<{ parkId: string; rideId: string }>(
      handle.db,
      sql`SELECT p.id AS "parkId", a.id AS "rideId" FROM parks p
        JOIN attractions a ON a.park_id = p.id AND a.moderation_status = 'approved' AND a.status = 'operating'
        WHERE p.slug = ${parkSlug} ORDER BY a.id LIMIT ${PLAN_BENCH_RIDES}`,
    );
    if (rows.length === 0) throw new Error(`no ride in park ${parkSlug}`);
    return { parkId: rows[0]!.parkId, rideIds: rows.map((row) => row.rideId) };
  } finally {
    await handle.close();
  }
}

export type PlanRun = Pick<DuelRun, "result" | "requestIds" | "bytes" | "gzipBytes" | "stopped"> & {
  /** Answers refused by the service (ok: false), by message key. */
  refusals: Partial<Record<PlanErrorKey, number>>;
};

type Session = { userId: string; cookie: string };

export async function runPlanWrites(
  base: string,
  sessions: Session[],
  park: PlanBenchPark,
  seconds: number,
  refill: ((userId: string) => Promise<void>) | null,
): Promise<PlanRun> {
  const url = `${base}/api/plans/${park.parkId}`;
  const latencies: number[] = [];
  const requestIds: string[] = [];
  const refusals: Partial<Record<PlanErrorKey, number>> = {};
  let errors = 0;
  let non2xx = 0;
  let stopped = 0;
  let sequence = 0;
  let lastAnswer = new ArrayBuffer(0);
  const deadline = performance.now() + seconds * 1000;

  const currentVersion = async (session: Session) => {
    const response = await fetch(url, { headers: { cookie: session.cookie } });
    const answer = (await response.json()) as PlanAnswer;
    if (!answer.ok) throw new Error(`plan read: ${response.status} ${answer.error}`);
    return answer.plan.version;
  };

  const worker = async (session: Session) => {
    let version = await currentVersion(session);
    for (let turn = 0; performance.now() < deadline; turn++) {
      if (turn > 0 && turn % SAVES_BEFORE_REFILL === 0) {
        if (!refill) break;
        await refill(session.userId);
      }
      const shift = turn % park.rideIds.length;
      const order = [...park.rideIds.slice(shift), ...park.rideIds.slice(0, shift)];
      const body = { intent: "save", version, name: "", entries: order.map((rideId, index) => ({ rideId, isPriority: index === turn % 3 })) };
      const requestId = `bench-plan-${++sequence}`;
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
        errors++;
        version = await currentVersion(session);
        continue;
      }
      latencies.push(performance.now() - started);
      lastAnswer = answer;
      requestIds.push(requestId);
      if (status < 200 || status >= 300) non2xx++;
      const decoded = JSON.parse(new TextDecoder().decode(answer)) as PlanAnswer;
      if (decoded.ok) version = decoded.plan.version;
      else {
        refusals[decoded.error] = (refusals[decoded.error] ?? 0) + 1;
        version = decoded.plan?.version ?? (await currentVersion(session));
      }
    }
    if (performance.now() < deadline) stopped++;
  };

  const started = performance.now();
  await Promise.all(sessions.map(worker));
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
