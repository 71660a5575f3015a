import { sql, type SQL } from "drizzle-orm";
import { rides } from "../db/schema";

/** A ranking row's standing as the job last computed it (decision 0079), and its rank at the last month's snapshot. */
export type StandingColumns = {
  standingRank: number | null;
  standingLow: number | null;
  standingHigh: number | null;
  previousRank: number | null;
  snapshotTaken: boolean;
};

/**
 * The columns and joins that add a ranking row's standing and its rank at the last snapshot, in one scope (0: all
 * types, or a type's id): two primary-key lookups per row the ranking's index walk returns, and the last month read
 * once from its index. Null `scope`: the columns are there, empty (a maker's ranking has no standings of its own).
 */
export function standingColumns(ranking: "ratings" | "duels", scope: number | null): { columns: SQL; joins: SQL } {
  if (scope === null) {
    return {
      columns: sql`NULL::int AS "standingRank", NULL::int AS "standingLow", NULL::int AS "standingHigh", NULL::int AS "previousRank",
        false AS "snapshotTaken"`,
      joins: sql``,
    };
  }
  return {
    columns: sql`standing.rank AS "standingRank", standing.rank_low AS "standingLow", standing.rank_high AS "standingHigh",
      kept.rank AS "previousRank", last_month.month IS NOT NULL AS "snapshotTaken"`,
    joins: sql`CROSS JOIN (SELECT max(month) AS month FROM ride_standing_snapshots) AS last_month
      LEFT JOIN ride_standings standing ON standing.attraction_id = ${rides.id} AND standing.ranking = ${ranking}
        AND standing.scope_type_id = ${scope}
      LEFT JOIN ride_standing_snapshots kept ON kept.attraction_id = ${rides.id} AND kept.ranking = ${ranking}
        AND kept.scope_type_id = ${scope} AND kept.month = last_month.month`,
  };
}

/** The row's numbers as the database returns them (counts may come back as strings). */
export function standingOf(row: StandingColumns): StandingColumns {
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    standingRank: number(row.standingRank),
    standingLow: number(row.standingLow),
    standingHigh: number(row.standingHigh),
    previousRank: number(row.previousRank),
    snapshotTaken: Boolean(row.snapshotTaken),
  };
}
