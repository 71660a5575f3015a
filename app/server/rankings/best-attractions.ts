import { sql } from "drizzle-orm";
import { attractionTypeId, type AttractionTypeName } from "~/domain/attraction-types";
import { RANKING_SIZE, type BestAttractionRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { attractions, parks } from "../db/schema";
import { publicAttraction } from "../catalog/visibility";

/**
 * Best attractions (docs/rules/duels-and-rankings.md#best-attractions; decision 0020): approved, operating
 * rides of approved parks with at least one rating, by their Bayesian average
 * (a maintained generated column), then their number of ratings. One walk of
 * attractions_bayes_rank_idx, or of its per-type twin, stopping at 100 rows.
 */
export async function listBestAttractions(
  db: Executor,
  type: AttractionTypeName | null,
  manufacturerId: number | null = null,
): Promise<BestAttractionRow[]> {
  const typeCondition = type ? sql`AND ${attractions.typeId} = ${attractionTypeId(type)}` : sql``;
  // One maker's rides: a walk of attractions_manufacturer_bayes_rank_idx (decision 0052).
  const manufacturerCondition = manufacturerId === null ? sql`` : sql`AND ${attractions.manufacturerId} = ${manufacturerId}`;
  // The WHERE and ORDER BY repeat the partial indexes' predicate and keys (NULLS LAST included), so the
  // planner walks them; the predicate is written as literals too, since a generic plan of a prepared
  // statement cannot prove it from publicAttraction()'s bound parameters.
  const rows = await queryRows<BestAttractionRow>(
    db,
    sql`SELECT ${attractions.id} AS "id", ${attractions.name} AS "name", ${attractions.slug} AS "slug",
        ${parks.name} AS "parkName", ${parks.slug} AS "parkSlug",
        ${attractions.averageRating} AS "averageRating", ${attractions.ratingCount} AS "ratingCount", ${attractions.bayesScore} AS "score"
      FROM ${attractions} INNER JOIN ${parks} ON ${parks.id} = ${attractions.parkId}
      WHERE ${publicAttraction()} AND ${attractions.moderationStatus} = 'approved' AND ${attractions.status} = 'operating'
        AND ${attractions.ratingCount} > 0 ${typeCondition} ${manufacturerCondition}
      ORDER BY ${attractions.bayesScore} DESC NULLS LAST, ${attractions.ratingCount} DESC NULLS LAST, ${attractions.id}
      LIMIT ${RANKING_SIZE}`,
  );
  return rows.map((row) => ({ ...row, averageRating: Number(row.averageRating), ratingCount: Number(row.ratingCount), score: Number(row.score) }));
}
