import { sql } from "drizzle-orm";
import { RANKING_SIZE, type RiderRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { profiles } from "../db/schema";

/**
 * Top riders (docs/rules/ride-log.md#top-riders): the members who show their credits, most credits first (each
 * counted under their own rules, kept in profiles.ride_credits by triggers), ties by username ignoring case; the top
 * 100. One walk of profiles_top_riders_idx that stops after 100 rows: its WHERE and ORDER BY repeat the partial
 * index's predicate and keys, the predicate as literals since a prepared statement's generic plan cannot prove it
 * from bound parameters.
 */
export async function listTopRiders(db: Executor): Promise<RiderRow[]> {
  const rows = await queryRows<RiderRow>(
    db,
    sql`SELECT ${profiles.id} AS "userId", ${profiles.username} AS "username", ${profiles.rideCredits} AS "credits"
      FROM ${profiles}
      WHERE ride_log_visibility <> 'private' AND ride_credits > 0
      ORDER BY ${profiles.rideCredits} DESC NULLS LAST, lower(${profiles.username}) COLLATE "C"
      LIMIT ${RANKING_SIZE}`,
  );
  return rows.map((row) => ({ ...row, credits: Number(row.credits) }));
}
