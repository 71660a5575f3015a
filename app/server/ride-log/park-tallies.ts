import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/database";
import { parks } from "../db/schema";
import { publicPark } from "../catalog/visibility";

/**
 * The rides of a park the member has ridden, each with how many times, read from their own tallies (decision 0074)
 * for the park page's ride cards (decision 0076): null when the park is not one everyone sees, whose rides cannot be
 * logged. One statement, over the member's tallies (their primary key starts with the member) joined to the rides by
 * theirs: it grows with one member's log, never with the catalogue nor with the other members.
 */
export async function readParkTallies(db: Executor, userId: string, parkId: string): Promise<Record<string, number> | null> {
  const [row] = await queryRows<{ found: boolean; times: Record<string, number> | null }>(
    db,
    sql`SELECT
        EXISTS (SELECT 1 FROM ${parks} WHERE ${parks.id} = ${parkId} AND ${publicPark()}) AS found,
        (SELECT json_object_agg(t.attraction_id, t.times)
          FROM ride_log_tallies t JOIN attractions a ON a.id = t.attraction_id
          WHERE t.user_id = ${userId} AND a.park_id = ${parkId}) AS times`,
  );
  return row?.found ? (row.times ?? {}) : null;
}
