import { sql } from "drizzle-orm";
import { rideTypeId, type RideTypeName } from "~/domain/ride-types";
import { RANKING_SIZE, type BestRideRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { rides, parks } from "../db/schema";
import { publicRide } from "../catalog/visibility";
import { standingColumns, standingOf, type StandingColumns } from "./standing-columns";

/**
 * Best attractions (docs/rules/duels-and-rankings.md#best-attractions; decision 0020): approved, operating
 * rides of approved parks with at least one rating, by their Bayesian average
 * (a maintained generated column), then their number of ratings. One walk of
 * attractions_bayes_rank_idx, or of its per-type twin, stopping at 100 rows. With a standing scope, each row also
 * carries its standing and its rank at the last snapshot (standing-columns.ts).
 */
export async function listBestRides(
  db: Executor,
  type: RideTypeName | null,
  manufacturerId: number | null = null,
  standingScope: number | null = null,
): Promise<Array<BestRideRow & StandingColumns>> {
  const standing = standingColumns("ratings", standingScope);
  const typeCondition = type ? sql`AND ${rides.typeId} = ${rideTypeId(type)}` : sql``;
  // One maker's rides: a walk of attractions_manufacturer_bayes_rank_idx (decision 0052).
  const manufacturerCondition = manufacturerId === null ? sql`` : sql`AND ${rides.manufacturerId} = ${manufacturerId}`;
  // The WHERE and ORDER BY repeat the partial indexes' predicate and keys (NULLS LAST included), so the
  // planner walks them; the predicate is written as literals too, since a generic plan of a prepared
  // statement cannot prove it from publicAttraction()'s bound parameters.
  const rows = await queryRows<BestRideRow & StandingColumns>(
    db,
    sql`SELECT ${rides.id} AS "id", ${rides.name} AS "name", ${rides.slug} AS "slug",
        ${parks.name} AS "parkName", ${parks.slug} AS "parkSlug",
        ${rides.averageRating} AS "averageRating", ${rides.ratingCount} AS "ratingCount", ${rides.bayesScore} AS "score",
        ${standing.columns}
      FROM ${rides} INNER JOIN ${parks} ON ${parks.id} = ${rides.parkId} ${standing.joins}
      WHERE ${publicRide()} AND ${rides.moderationStatus} = 'approved' AND ${rides.status} = 'operating'
        AND ${rides.ratingCount} > 0 ${typeCondition} ${manufacturerCondition}
      ORDER BY ${rides.bayesScore} DESC NULLS LAST, ${rides.ratingCount} DESC NULLS LAST, ${rides.id}
      LIMIT ${RANKING_SIZE}`,
  );
  return rows.map((row) => ({
    ...row,
    averageRating: Number(row.averageRating),
    ratingCount: Number(row.ratingCount),
    score: Number(row.score),
    ...standingOf(row),
  }));
}
