import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { StarHistogram } from "./rating-deltas";

/**
 * The SQL side of the maintained star histograms (decision 0035): five counts in an integer[]
 * column, 1 star first. A write moves them by its difference in the UPDATE that already moves
 * the sums; recomputeAggregates counts them again from the ratings.
 */

/**
 * The column moved by a write's difference; the column itself when the write changes none of its counts.
 * A count never goes below 0: should a histogram ever disagree with its ratings (a row written around
 * the services, a restore), re-rating stays possible instead of failing on the column's CHECK, and
 * recomputeAggregates puts the counts right.
 */
export function movedHistogram(column: SQLWrapper, delta: StarHistogram): SQL {
  if (delta.every((count) => count === 0)) return sql`${column}`;
  return sql`ARRAY[${sql.join(
    delta.map(
      (count, index) => sql`greatest(${column}[${sql.raw(String(index + 1))}] + ${sql.raw(String(Math.trunc(count)))}, 0)`,
    ),
    sql`, `,
  )}]::int[]`;
}

/** The histogram of a star column over the grouped rows (an aggregate expression). */
export function histogramOf(column: SQL): SQL {
  return sql`ARRAY[${sql.join(
    [1, 2, 3, 4, 5].map((stars) => sql`count(*) FILTER (WHERE ${column} = ${sql.raw(String(stars))})`),
    sql`, `,
  )}]::int[]`;
}

/** A histogram of nothing, for rows without ratings (a LEFT JOIN's NULL). */
export const NO_RATINGS: SQL = sql`'{0,0,0,0,0}'::int[]`;
