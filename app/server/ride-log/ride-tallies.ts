import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { idArray } from "../db/id-array";

/**
 * Counts the member's tallies of these rides again from their entries (decision 0074): each log write calls it in its
 * own transaction with the rides it touched, so a tally is always its entries' sum, whatever the path (an entry, a
 * plan's ride marked done, an import, its undoing). A ride left with no entry loses its tally; the credits move with
 * the tallies (ride_log_credits_recount).
 */
export async function retallyRides(tx: Executor, userId: string, rideIds: Iterable<string>): Promise<void> {
  const ids = idArray(new Set(rideIds));
  if (ids === "{}") return;
  await tx.execute(sql`DELETE FROM ride_log_tallies t
    WHERE t.user_id = ${userId} AND t.attraction_id = ANY(${ids}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM ride_log_entries e WHERE e.user_id = t.user_id AND e.attraction_id = t.attraction_id)`);
  await tx.execute(sql`INSERT INTO ride_log_tallies (user_id, attraction_id, times, entries, first_on, last_on)
    SELECT user_id, attraction_id, sum(times), count(*), min(ridden_on), max(ridden_on)
    FROM ride_log_entries WHERE user_id = ${userId} AND attraction_id = ANY(${ids}::uuid[])
    GROUP BY user_id, attraction_id
    ON CONFLICT (user_id, attraction_id) DO UPDATE SET
      times = excluded.times, entries = excluded.entries, first_on = excluded.first_on, last_on = excluded.last_on`);
}
