import { sql } from "drizzle-orm";
import { rideTypeId, type RideTypeName } from "~/domain/ride-types";
import type { DuelOutcome } from "~/domain/duel-order";
import type { DuelRide } from "~/domain/duels";
import { queryRows, type Executor } from "../db/database";
import { eligibleForDuels } from "./eligibility";

/** What a duel screen is computed from: the member's eligible rides, stored order and duels of one type. */
export type DuelState = {
  typeId: number;
  /** Eligible rides, in the order unplaced ones are placed: the member's best-rated first, then by name. */
  rides: DuelRide[];
  /** The stored order (attraction_rankings), best first, eligible or not. */
  storedOrder: string[];
  duels: DuelOutcome[];
};

/** Three reads, each on an index starting with the member's id (ratings, rankings, duels). */
export async function readDuelState(db: Executor, userId: string, type: RideTypeName): Promise<DuelState> {
  const typeId = rideTypeId(type);
  const rides = await queryRows<{
    id: string; name: string; park_name: string; park_slug: string; slug: string; image_url: string | null; rating: number;
    height: string | number | null; max_speed: string | number | null; inversions: number | null; duration: number | null;
  }>(
    db,
    sql`SELECT a.id, a.name, p.name AS park_name, p.slug AS park_slug, a.slug, a.image_url, r.rating,
        a.height, a.max_speed, a.inversions, a.duration
      FROM attraction_ratings r
      JOIN attractions a ON a.id = r.attraction_id
      JOIN parks p ON p.id = a.park_id
      WHERE r.user_id = ${userId} AND a.type_id = ${typeId} AND ${eligibleForDuels()}
      ORDER BY r.rating DESC, a.name, a.id`,
  );
  const order = await queryRows<{ attraction_id: string }>(
    db,
    sql`SELECT attraction_id FROM attraction_rankings WHERE user_id = ${userId} AND type_id = ${typeId} ORDER BY rank, attraction_id`,
  );
  const duels = await queryRows<{ winner_id: string; loser_id: string }>(
    db,
    sql`SELECT winner_id, loser_id FROM attraction_duels WHERE user_id = ${userId} AND type_id = ${typeId}`,
  );
  return {
    typeId,
    rides: rides.map((ride) => ({
      id: ride.id,
      name: ride.name,
      parkName: ride.park_name,
      parkSlug: ride.park_slug,
      slug: ride.slug,
      imageUrl: ride.image_url,
      rating: Number(ride.rating),
      // numeric columns come back as strings from a raw query.
      height: ride.height === null ? null : Number(ride.height),
      maxSpeed: ride.max_speed === null ? null : Number(ride.max_speed),
      inversions: ride.inversions,
      duration: ride.duration,
    })),
    storedOrder: order.map((row) => row.attraction_id),
    duels: duels.map((duel) => ({ winnerId: duel.winner_id, loserId: duel.loser_id })),
  };
}
