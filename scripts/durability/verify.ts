/**
 * The durability run's verdict, read from the database once the last server
 * has stopped: each acknowledged write is there (its key holds its token, or
 * the token of a later write of the same key), and each maintained aggregate
 * equals its recomputation from the rows (recomputeAllAggregates, the
 * reference definition, run in a transaction that is rolled back).
 */
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type DatabaseLocation, type Executor } from "~/server/db/database";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { aggregateSnapshot } from "../../tests/support/aggregate-snapshot";
import type { Ledger } from "./write-load";

export type Verdict = { acknowledged: number; found: number; lost: string[]; aggregateMismatches: string[] };

/** What each key holds now: a review's token (from its comment), a vote's state, a contributed ride's token. */
async function storedState(db: Executor): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  const token = (text: string | null) => /\bd\d+\b/.exec(text ?? "")?.[0] ?? "";
  const parkRatings = await queryRows<{ user_id: string; park_id: string; comment: string | null }>(
    db,
    sql`SELECT user_id, park_id, comment FROM park_ratings`,
  );
  for (const row of parkRatings) state.set(`park-rating ${row.user_id} ${row.park_id}`, token(row.comment));
  const rideRatings = await queryRows<{ user_id: string; attraction_id: string; comment: string | null }>(
    db,
    sql`SELECT user_id, attraction_id, comment FROM attraction_ratings`,
  );
  for (const row of rideRatings) state.set(`ride-rating ${row.user_id} ${row.attraction_id}`, token(row.comment));
  const votes = await queryRows<{ user_id: string; rating_type: string; rating_id: string; is_helpful: boolean }>(
    db,
    sql`SELECT user_id, rating_type, rating_id, is_helpful FROM rating_votes`,
  );
  for (const row of votes) state.set(`vote ${row.user_id} ${row.rating_type} ${row.rating_id}`, row.is_helpful ? "helpful" : "unhelpful");
  const rides = await queryRows<{ name: string }>(db, sql`SELECT name FROM attractions WHERE name LIKE 'Manège durable d%'`);
  for (const row of rides) state.set(`contribution ${token(row.name)}`, token(row.name));
  return state;
}

function checkWrites(ledger: Ledger, state: Map<string, string>) {
  let acknowledged = 0;
  let found = 0;
  const lost: string[] = [];
  for (const [key, attempts] of ledger) {
    // A vote "none" is no row; a contribution not there is no row either.
    const now = state.get(key) ?? (key.startsWith("vote ") ? "none" : "");
    attempts.forEach((attempt, index) => {
      if (!attempt.acknowledged) return;
      acknowledged++;
      // Later attempts of the same key may have overwritten it: acknowledged ones surely did, unanswered ones may have.
      if (attempts.slice(index).some((later) => later.token === now)) found++;
      else lost.push(`${key}: ${attempt.token} acknowledged, the database holds ${now || "nothing"}`);
    });
  }
  return { acknowledged, found, lost };
}

/** Rows whose maintained figures differ from the recomputed ones, named by table and id. */
async function aggregateMismatches(db: Executor): Promise<string[]> {
  const mismatches: string[] = [];
  const rollback = new Error("rollback");
  await db
    .transaction(async (tx) => {
      const maintained = await aggregateSnapshot(tx);
      await recomputeAllAggregates(tx);
      const recomputed = await aggregateSnapshot(tx);
      for (const table of Object.keys(maintained) as (keyof typeof maintained)[]) {
        const expected = new Map(recomputed[table].map((row) => [String((row as { id: unknown }).id), JSON.stringify(row)]));
        for (const row of maintained[table]) {
          const id = String((row as { id: unknown }).id);
          if (expected.get(id) !== JSON.stringify(row)) mismatches.push(`${table} ${id}: ${JSON.stringify(row)} ≠ ${expected.get(id)}`);
        }
      }
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return mismatches;
}

export async function verify(location: DatabaseLocation, ledger: Ledger): Promise<Verdict> {
  const handle = await openDatabase(location.kind === "postgres" ? { ...location, maxConnections: 1 } : location);
  try {
    const writes = checkWrites(ledger, await storedState(handle.db));
    return { ...writes, aggregateMismatches: await aggregateMismatches(handle.db) };
  } finally {
    await handle.close();
  }
}
