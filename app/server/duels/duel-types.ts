import { sql } from "drizzle-orm";
import { RIDE_TYPES, rideTypeId } from "~/domain/ride-types";
import type { DuelTypeChoice } from "~/domain/duels";
import { queryRows, type Executor } from "../db/database";
import { eligibleForDuels } from "./eligibility";

/** The type chooser (docs/rules/duels-and-rankings.md#duel-flow): each of the ten types with the member's number of eligible rides; one query. */
export async function listDuelTypes(db: Executor, userId: string): Promise<DuelTypeChoice[]> {
  const rows = await queryRows<{ type_id: number; eligible: number }>(
    db,
    sql`SELECT a.type_id, count(*)::int AS eligible
      FROM attraction_ratings r
      JOIN attractions a ON a.id = r.attraction_id
      JOIN parks p ON p.id = a.park_id
      WHERE r.user_id = ${userId} AND ${eligibleForDuels()}
      GROUP BY a.type_id`,
  );
  const counts = new Map(rows.map((row) => [Number(row.type_id), Number(row.eligible)]));
  return RIDE_TYPES.map((type) => ({ type, eligible: counts.get(rideTypeId(type)) ?? 0 }));
}
