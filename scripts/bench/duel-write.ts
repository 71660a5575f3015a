/**
 * The duel write's benchmark (docs/rules/quality.md#member-writes: answer plus the next pair,
 * p50 ≤ 50 ms at small). One worker per signed-in member, each on the type
 * where the member has the fewest eligible rides from DUEL_BENCH_MIN_RIDES up
 * (the benchmark's members rated hundreds of rides of some types on the large
 * dataset, far from a typical member's few dozen), answering the pair it was asked as the browser does: a single-fetch POST
 * (`/fr/duels.data?type=…`, intent=duel). Only that POST is timed; the answer
 * carries the next pair, read from it for the next duel. A GET of the page
 * (untimed) gives the first pair, and the pair after a reset (untimed too)
 * when the member's order of the type is complete.
 *
 * A member may answer 60 duels a minute (WRITE_LIMITS.duel) and reset 10
 * types an hour (duelReset): after every DUELS_BEFORE_REFILL duels of that
 * member (in this run or an earlier one) a worker clears its member's
 * counters (`refill`, untimed, straight in the database) so that it keeps
 * going, or stops when the database is not reachable from here (the smoke
 * run's embedded one).
 */
import type { Result } from "autocannon";
import { sql } from "drizzle-orm";
import { gzipSync } from "node:zlib";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import type { DuelAnswer, DuelErrorKey } from "~/domain/duels";
import { openDatabase, queryRows, type DatabaseLocation } from "~/server/db/database";
import { idArray } from "~/server/db/id-array";
import { eligibleForDuels } from "~/server/duels/eligibility";

/** Enough rides that a member answers a few dozen duels before the order is complete. */
export const DUEL_BENCH_MIN_RIDES = 10;

/**
 * How many rides of one type the members of the duel benchmark order, on every scale: a typical member's few
 * dozen ratings give about that many. The generator's members with a password are the heaviest raters (on large,
 * 5,000 ratings each: at least 42 eligible rides of every type), so on PostgreSQL the benchmark picks its duel
 * members among all members (`findTypicalDuelMembers`) and compares the same request on both scales.
 */
export const DUEL_BENCH_TYPICAL_RIDES = 14;

/** Below the 60 a minute a member may answer. */
const DUELS_BEFORE_REFILL = 50;

/**
 * Each member's duels since their counter was last cleared, across runs: the
 * minute's allowance is the member's, and the "all members" run follows the
 * "1 member" run within the same minute (the smoke run, which cannot clear
 * counters, was refused once it went fast enough to answer 60 in both).
 */
const duelsSinceRefill = new Map<string, number>();

export type DuelMember = { userId: string; type: string; eligible: number };

/** Each member's type with the fewest eligible rides from DUEL_BENCH_MIN_RIDES up, among the members given. */
export async function findDuelMembers(location: DatabaseLocation, userIds: readonly string[]): Promise<DuelMember[]> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    return await queryRows<DuelMember>(
      handle.db,
      sql`SELECT DISTINCT ON (r.user_id) r.user_id AS "userId", t.name AS type, count(*)::int AS eligible
        FROM attraction_ratings r
        JOIN attractions a ON a.id = r.attraction_id
        JOIN parks p ON p.id = a.park_id
        JOIN attraction_types t ON t.id = a.type_id
        WHERE r.user_id = ANY(${idArray(userIds)}::text[]) AND ${eligibleForDuels()}
        GROUP BY r.user_id, t.name
        HAVING count(*) >= ${DUEL_BENCH_MIN_RIDES}
        ORDER BY r.user_id, count(*), t.name`,
    );
  } finally {
    await handle.close();
  }
}

/**
 * The `count` members whose type with DUEL_BENCH_MIN_RIDES eligible rides or more comes nearest to
 * DUEL_BENCH_TYPICAL_RIDES, with that type and their e-mail, each given the benchmark's password (a credential
 * account with the generator's hash, written untimed and left in the bench database), so that the benchmark can
 * sign in as them.
 */
export async function findTypicalDuelMembers(location: DatabaseLocation, count: number): Promise<Array<DuelMember & { email: string }>> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    const members = await queryRows<DuelMember & { email: string }>(
      handle.db,
      sql`WITH per_type AS (
          SELECT r.user_id, t.name AS type, count(*)::int AS eligible
          FROM attraction_ratings r
          JOIN attractions a ON a.id = r.attraction_id
          JOIN parks p ON p.id = a.park_id
          JOIN attraction_types t ON t.id = a.type_id
          WHERE ${eligibleForDuels()}
          GROUP BY r.user_id, t.name
          HAVING count(*) >= ${DUEL_BENCH_MIN_RIDES}
        ), nearest AS (
          SELECT DISTINCT ON (user_id) user_id, type, eligible
          FROM per_type
          ORDER BY user_id, abs(eligible - ${DUEL_BENCH_TYPICAL_RIDES}), type
        )
        SELECT n.user_id AS "userId", n.type, n.eligible, u.email
        FROM nearest n JOIN "user" u ON u.id = n.user_id
        ORDER BY abs(n.eligible - ${DUEL_BENCH_TYPICAL_RIDES}), n.user_id
        LIMIT ${count}`,
    );
    await handle.db.execute(
      sql`INSERT INTO account (id, account_id, provider_id, user_id, password)
        SELECT 'bench-duel-' || m.id, m.id, 'credential', m.id, (SELECT password FROM account WHERE id = 'bench-account-1')
        FROM unnest(${idArray(members.map((member) => member.userId))}::text[]) AS m(id)
        ON CONFLICT DO NOTHING`,
    );
    return members;
  } finally {
    await handle.close();
  }
}

type Pair = [string, string];

/** The two ride ids of the pair a duels page asks (its two choice buttons), or null when none is asked. */
function pairInPage(html: string): Pair | null {
  const ids = [...html.matchAll(/data-ride-id="([0-9a-f-]{36})"/g)].map((match) => match[1]!);
  return ids.length === 2 ? [ids[0]!, ids[1]!] : null;
}

/** The next pair in a decoded action answer (DuelAnswer: screen.pair), wherever single fetch nests it. */
function pairInAnswer(value: unknown, depth = 0): Pair | "complete" | null {
  if (!value || typeof value !== "object" || depth > 6) return null;
  const screen = (value as { screen?: { state?: string; pair?: Array<{ id?: unknown }> } }).screen;
  if (screen?.state === "complete") return "complete";
  const pair = screen?.pair;
  if (screen?.state === "pair" && pair?.length === 2 && typeof pair[0]?.id === "string" && typeof pair[1]?.id === "string") {
    return [pair[0].id, pair[1].id];
  }
  for (const nested of Object.values(value)) {
    const found = pairInAnswer(nested, depth + 1);
    if (found) return found;
  }
  return null;
}

export type DuelRun = {
  result: Result;
  /** Request ids of the timed POSTs, for their SQL statement counts in the server's log. */
  requestIds: string[];
  /** Timed answers that carried the next pair (or said the type was complete), of all successful ones. */
  answersWithNextPair: number;
  resets: number;
  /** The last answer's size, plain and gzipped. */
  bytes: number;
  gzipBytes: number;
  /** Members who stopped before the end, their minute's duels answered and no counter to clear. */
  stopped: number;
  /** Untimed requests (page, reset) that failed and were tried again, by kind. */
  untimedFailures: Record<string, number>;
  /** Answers refused by the service (ok: false), by message key. */
  refusals: Partial<Record<DuelErrorKey, number>>;
};

type Session = { userId: string; cookie: string; type: string };

/**
 * Runs the workers for `seconds` and gathers their POSTs' latencies into an
 * autocannon-shaped result, so that the report's tables take it as they take the others.
 */
export async function runDuelWrites(
  base: string,
  sessions: Session[],
  seconds: number,
  refill: ((userId: string) => Promise<void>) | null,
): Promise<DuelRun> {
  const headers = { origin: base, "content-type": "application/x-www-form-urlencoded" };
  const latencies: number[] = [];
  const requestIds: string[] = [];
  const refusals: Partial<Record<DuelErrorKey, number>> = {};
  const untimedFailures: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let answersWithNextPair = 0;
  let lastAnswer = new ArrayBuffer(0);
  let resets = 0;
  let stopped = 0;
  let sequence = 0;
  const deadline = performance.now() + seconds * 1000;

  // The untimed requests are tried again when they fail (counted: a failed reset or page is a finding too).
  const untimed = async <T>(what: string, request: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        untimedFailures[what] = (untimedFailures[what] ?? 0) + 1;
        if (attempt === 5) throw error;
      }
    }
  };
  const pagePair = (session: Session) =>
    untimed("duels page", async (): Promise<Pair | null> => {
      const response = await fetch(`${base}/fr/duels?type=${session.type}`, { headers: { cookie: session.cookie } });
      if (response.status !== 200) throw new Error(`duels page (${session.type}): ${response.status}`);
      return pairInPage(await response.text());
    });
  const reset = (session: Session) =>
    untimed("reset", async () => {
      const response = await fetch(`${base}/fr/duels.data?type=${session.type}`, {
        method: "POST",
        headers: { ...headers, cookie: session.cookie },
        body: "intent=reset&confirm=yes",
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`duel reset (${session.type}): ${response.status}`);
      resets++;
    });

  const worker = async (session: Session) => {
    let pair = await pagePair(session);
    for (let turn = 0; performance.now() < deadline; turn++) {
      if ((duelsSinceRefill.get(session.userId) ?? 0) >= DUELS_BEFORE_REFILL) {
        if (!refill) break;
        await refill(session.userId);
        duelsSinceRefill.set(session.userId, 0);
      }
      if (!pair) {
        await reset(session);
        pair = await pagePair(session);
        if (!pair) throw new Error(`no pair asked after a reset (${session.type})`);
      }
      // Alternate which card wins: the answers stay consistent with some order either way.
      const [winnerId, loserId] = turn % 3 === 0 ? [pair[1], pair[0]] : pair;
      const requestId = `bench-duel-${++sequence}`;
      duelsSinceRefill.set(session.userId, (duelsSinceRefill.get(session.userId) ?? 0) + 1);
      const started = performance.now();
      let answer: ArrayBuffer;
      let status: number;
      try {
        const response = await fetch(`${base}/fr/duels.data?type=${session.type}`, {
          method: "POST",
          headers: { ...headers, cookie: session.cookie, "x-request-id": requestId },
          body: new URLSearchParams({ intent: "duel", winnerId, loserId }).toString(),
        });
        answer = await response.arrayBuffer();
        status = response.status;
      } catch {
        errors++;
        pair = await pagePair(session);
        continue;
      }
      latencies.push(performance.now() - started);
      lastAnswer = answer;
      requestIds.push(requestId);
      if (status < 200 || status >= 300) non2xx++;
      const decoded = await decodeViaTurboStream(new Blob([answer]).stream(), globalThis).then(
        async (stream) => (await stream.done, stream.value),
        () => null,
      );
      // Single fetch answers an action with { data: <the action's answer> }.
      const refused = (decoded as { data?: DuelAnswer } | null)?.data;
      if (refused?.ok === false) refusals[refused.error] = (refusals[refused.error] ?? 0) + 1;
      const next = pairInAnswer(decoded);
      if (next) answersWithNextPair++;
      // Without the next pair in the answer, the page says which pair comes next.
      pair = next === "complete" ? null : (next ?? (await pagePair(session)));
    }
    if (performance.now() < deadline) stopped++;
  };

  const started = performance.now();
  await Promise.all(sessions.map(worker));
  const elapsed = (performance.now() - started) / 1000;
  return { result: resultOf(latencies, elapsed, errors, non2xx), requestIds, answersWithNextPair, resets, stopped, refusals, untimedFailures,
    bytes: lastAnswer.byteLength, gzipBytes: gzipSync(Buffer.from(lastAnswer)).length };
}

function histogram(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  const average = values.length > 0 ? total / values.length : 0;
  return { average, mean: average, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0), total };
}

/** An autocannon-shaped result of the timed requests: latencies in ms, requests per second over the run. */
export function resultOf(latencies: number[], seconds: number, errors: number, non2xx: number): Result {
  const perSecond = latencies.length / Math.max(seconds, 0.001);
  return {
    requests: { average: perSecond, mean: perSecond, p50: perSecond, p90: perSecond, p99: perSecond, max: perSecond, total: latencies.length },
    latency: histogram(latencies),
    throughput: { average: 0, mean: 0, p50: 0, p90: 0, p99: 0, max: 0, total: 0 },
    errors,
    timeouts: 0,
    non2xx,
    "2xx": latencies.length - non2xx,
  };
}
