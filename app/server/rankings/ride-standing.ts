import { sql } from "drizzle-orm";
import type { RideStanding, StandingHistoryPoint, StandingNeighbour } from "~/domain/ride-standing";
import { queryRows, type Executor } from "../db/database";

type StandingRow = Omit<RideStanding, "above" | "below"> & {
  aboveName: string | null;
  aboveSlug: string | null;
  aboveParkSlug: string | null;
  aboveScore: number | null;
  belowName: string | null;
  belowSlug: string | null;
  belowParkSlug: string | null;
  belowScore: number | null;
};

/** The neighbour's columns: the public ride the job ranked one place above or below, in the same ranking and scope. */
const neighbour = (name: string, offset: number) => sql`LEFT JOIN LATERAL (
    SELECT n.score, a.name, a.slug, p.slug AS park_slug FROM ride_standings n
      JOIN attractions a ON a.id = n.attraction_id JOIN parks p ON p.id = a.park_id
    WHERE n.ranking = s.ranking AND n.scope_type_id = s.scope_type_id AND n.rank = s.rank + ${offset}
      AND a.moderation_status = 'approved' AND p.moderation_status = 'approved'
  ) AS ${sql.raw(name)} ON true`;

function neighbourOf(name: string | null, slug: string | null, parkSlug: string | null, score: number | null): StandingNeighbour | null {
  return name === null || slug === null || parkSlug === null || score === null ? null : { name, slug, parkSlug, score: Number(score) };
}

/**
 * A ride's standings (both rankings, all types and its type: at most four rows), each with its rank at the last
 * snapshot, its neighbours above and below (ride_standings_rank_idx) and, for the duels, how many members played
 * them: one statement (decision 0079).
 */
export async function readRideStandings(db: Executor, rideId: string): Promise<RideStanding[]> {
  const rows = await queryRows<StandingRow>(
    db,
    sql`SELECT s.ranking, s.scope_type_id AS "scopeTypeId", s.rank, s.rank_low AS "rankLow", s.rank_high AS "rankHigh",
        s.score, s.score_low AS "scoreLow", s.score_high AS "scoreHigh", s.ranked_count AS "rankedCount",
        kept.rank AS "previousRank", last_month.month IS NOT NULL AS "snapshotTaken",
        CASE WHEN s.ranking = 'duels' THEN
          (SELECT count(DISTINCT d.user_id) FROM attraction_duels d WHERE d.winner_id = s.attraction_id OR d.loser_id = s.attraction_id)
        END::int AS "duelMembers",
        above.name AS "aboveName", above.slug AS "aboveSlug", above.park_slug AS "aboveParkSlug", above.score AS "aboveScore",
        below.name AS "belowName", below.slug AS "belowSlug", below.park_slug AS "belowParkSlug", below.score AS "belowScore"
      FROM ride_standings s
      CROSS JOIN (SELECT max(month) AS month FROM ride_standing_snapshots) AS last_month
      LEFT JOIN ride_standing_snapshots kept ON kept.attraction_id = s.attraction_id AND kept.ranking = s.ranking
        AND kept.scope_type_id = s.scope_type_id AND kept.month = last_month.month
      ${neighbour("above", -1)}
      ${neighbour("below", 1)}
      WHERE s.attraction_id = ${rideId}
      ORDER BY s.ranking DESC, s.scope_type_id DESC`,
  );
  return rows.map((row) => ({
    ranking: row.ranking,
    scopeTypeId: Number(row.scopeTypeId),
    rank: Number(row.rank),
    rankLow: Number(row.rankLow),
    rankHigh: Number(row.rankHigh),
    score: Number(row.score),
    scoreLow: Number(row.scoreLow),
    scoreHigh: Number(row.scoreHigh),
    rankedCount: Number(row.rankedCount),
    previousRank: row.previousRank === null ? null : Number(row.previousRank),
    snapshotTaken: Boolean(row.snapshotTaken),
    duelMembers: row.duelMembers === null ? null : Number(row.duelMembers),
    above: neighbourOf(row.aboveName, row.aboveSlug, row.aboveParkSlug, row.aboveScore),
    below: neighbourOf(row.belowName, row.belowSlug, row.belowParkSlug, row.belowScore),
  }));
}

/** How many months of a ride's history its page and the API give, most recent last. */
const HISTORY_MONTHS = 36;

/** A ride's ranks at the end of each kept month, in both rankings and scopes: the snapshots' primary key, in order. */
export async function readStandingHistory(db: Executor, rideId: string): Promise<StandingHistoryPoint[]> {
  const rows = await queryRows<StandingHistoryPoint>(
    db,
    sql`SELECT month::text AS month, ranking, scope_type_id AS "scopeTypeId", rank, rank_low AS "rankLow", rank_high AS "rankHigh",
        ranked_count AS "rankedCount"
      FROM ride_standing_snapshots
      WHERE attraction_id = ${rideId} AND month >= (SELECT max(month) FROM ride_standing_snapshots) - ${`${HISTORY_MONTHS - 1} months`}::interval
      ORDER BY ranking, scope_type_id, month`,
  );
  return rows.map((row) => ({
    month: row.month,
    ranking: row.ranking,
    scopeTypeId: Number(row.scopeTypeId),
    rank: Number(row.rank),
    rankLow: Number(row.rankLow),
    rankHigh: Number(row.rankHigh),
    rankedCount: Number(row.rankedCount),
  }));
}
