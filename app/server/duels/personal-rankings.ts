import { sql } from "drizzle-orm";
import { RIDE_TYPES } from "~/domain/ride-types";
import type { ProfileDuelRankings } from "~/domain/duels";
import { queryRows, type Executor } from "../db/database";
import { eligibleForDuels } from "./eligibility";

/**
 * A member's personal rankings for their profile (docs/rules/duels-and-rankings.md#personal-ranking):
 * each type's stored order, kept to the rides still eligible and
 * numbered again from 1, in one query. A type whose rides have no duel yet is
 * left out: the duel screen stores its first ride before any duel (and again
 * right after a reset), which is not a ranking the member made.
 */
export async function readPersonalRankings(db: Executor, userId: string): Promise<ProfileDuelRankings> {
  const rows = await queryRows<{
    type_id: number; attraction_id: string; name: string; park_name: string; park_slug: string; slug: string;
    rank: number; wins: number; losses: number;
  }>(
    db,
    sql`SELECT k.type_id, k.attraction_id, a.name, p.name AS park_name, p.slug AS park_slug, a.slug,
        row_number() OVER (PARTITION BY k.type_id ORDER BY k.rank, k.attraction_id)::int AS rank, k.wins, k.losses
      FROM attraction_rankings k
      JOIN attractions a ON a.id = k.attraction_id AND a.type_id = k.type_id
      JOIN parks p ON p.id = a.park_id
      JOIN attraction_ratings r ON r.user_id = k.user_id AND r.attraction_id = k.attraction_id
      WHERE k.user_id = ${userId} AND ${eligibleForDuels()}
      ORDER BY k.type_id, rank`,
  );
  return RIDE_TYPES.flatMap((type, index) => {
    const ofType = rows.filter((row) => Number(row.type_id) === index + 1);
    return ofType.every((row) => row.wins + row.losses === 0)
      ? []
      : [{
          type,
          rows: ofType.map((row) => ({
            rideId: row.attraction_id,
            name: row.name,
            parkName: row.park_name,
            parkSlug: row.park_slug,
            slug: row.slug,
            rank: Number(row.rank),
            wins: row.wins,
            losses: row.losses,
          })),
        }];
  });
}
