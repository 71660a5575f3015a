import { sql } from "drizzle-orm";
import { RANKING_SIZE, type ContributorRow, type ReviewerRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { contributorStats, profiles, userRatingStats } from "../db/schema";

/**
 * Best contributors and best reviewers (docs/rules/duels-and-rankings.md#leaderboard-figures; decision 0020):
 * the top 100 of tables the writes keep, each one walk of its ranking index.
 */

type Counts<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] };

/** Approved additions and edits of parks and rides, then suggestions made. */
export async function listTopContributors(db: Executor): Promise<ContributorRow[]> {
  const c = contributorStats;
  // The WHERE and ORDER BY repeat contributor_stats_rank_idx's predicate and keys (NULLS LAST included), so the planner walks it.
  const rows = await queryRows<Counts<ContributorRow>>(
    db,
    sql`SELECT ${c.userId} AS "userId", ${profiles.username} AS "username", ${c.totalContributions} AS "total",
        ${c.parksCreated} AS "parksCreated", ${c.parksUpdated} AS "parksUpdated",
        ${c.attractionsCreated} AS "attractionsCreated", ${c.attractionsUpdated} AS "attractionsUpdated",
        ${c.suggestionsCount} AS "suggestions"
      FROM ${c} INNER JOIN ${profiles} ON ${profiles.id} = ${c.userId}
      WHERE ${c.parksCreated} + ${c.parksUpdated} + ${c.attractionsCreated} + ${c.attractionsUpdated} + ${c.suggestionsCount} > 0
      ORDER BY ${c.totalContributions} DESC NULLS LAST, ${c.suggestionsCount} DESC NULLS LAST, ${c.userId}
      LIMIT ${RANKING_SIZE}`,
  );
  return rows.map((row) => ({
    ...row,
    total: Number(row.total),
    parksCreated: Number(row.parksCreated),
    parksUpdated: Number(row.parksUpdated),
    attractionsCreated: Number(row.attractionsCreated),
    attractionsUpdated: Number(row.attractionsUpdated),
    suggestions: Number(row.suggestions),
  }));
}

/** Members by number of park ratings, with their influence coefficient and the average of their park ratings. */
export async function listTopReviewers(db: Executor): Promise<ReviewerRow[]> {
  const s = userRatingStats;
  const rows = await queryRows<Counts<ReviewerRow>>(
    db,
    sql`SELECT ${s.userId} AS "userId", ${profiles.username} AS "username", ${s.totalParkRatings} AS "parkRatings",
        ${s.currentWeight} AS "weight", ${s.parkScoreSum}::double precision / ${s.totalParkRatings} AS "averageRating"
      FROM ${s} INNER JOIN ${profiles} ON ${profiles.id} = ${s.userId}
      WHERE ${s.totalParkRatings} > 0
      ORDER BY ${s.totalParkRatings} DESC NULLS LAST, ${s.userId}
      LIMIT ${RANKING_SIZE}`,
  );
  return rows.map((row) => ({
    ...row,
    parkRatings: Number(row.parkRatings),
    weight: Number(row.weight),
    averageRating: Number(row.averageRating),
  }));
}
