import { sql, type SQL } from "drizzle-orm";

const SUB_RATINGS = [
  "kids_friendly_rating",
  "family_friendly_rating",
  "thrill_rating",
  "theming_rating",
  "operations_rating",
  "value_rating",
] as const;

/**
 * One park rating's score in SQL (docs/rules/catalogue.md#park-scores): the mean of the sub-ratings
 * it gives, as an exact numeric. `alias` qualifies the columns (e.g. "r").
 */
export function parkRatingScore(alias?: string): SQL {
  const columns = SUB_RATINGS.map((column) => sql.raw(alias ? `${alias}.${column}` : column));
  const given = sql.join(columns.map((column) => sql`coalesce(${column}, 0)`), sql` + `);
  return sql`((${given})::numeric / num_nonnulls(${sql.join(columns, sql`, `)}))`;
}
