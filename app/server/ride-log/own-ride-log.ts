import { sql } from "drizzle-orm";
import type { OwnRideLog, RideLogEntry } from "~/domain/ride-log";
import { queryRows, type Executor } from "../db/database";

/**
 * The member's entries of one ride, newest first (an unknown date last), and whether they wish to ride it: one
 * statement (the ride page's member part counts its statements, docs/rules/quality.md#queries-per-page), two index reads.
 */
export async function readOwnRideLog(db: Executor, userId: string, rideId: string): Promise<OwnRideLog> {
  const [row] = await queryRows<{ entries: RideLogEntry[] | null; wished: boolean }>(
    db,
    sql`SELECT
        (SELECT json_agg(json_build_object('id', e.id, 'riddenOn', e.ridden_on, 'times', e.times, 'note', e.note)
            ORDER BY e.ridden_on DESC NULLS LAST, e.created_at DESC)
          FROM ride_log_entries e WHERE e.user_id = ${userId} AND e.attraction_id = ${rideId}) AS entries,
        EXISTS (SELECT 1 FROM ride_wishes w WHERE w.user_id = ${userId} AND w.attraction_id = ${rideId}) AS wished`,
  );
  const entries = row?.entries ?? [];
  const times = entries.reduce((sum, entry) => sum + entry.times, 0);
  const lastOn = entries.find((entry) => entry.riddenOn !== null)?.riddenOn ?? null;
  return { entries, times, lastOn, wished: row?.wished ?? false };
}
