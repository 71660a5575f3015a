import { sql } from "drizzle-orm";
import {
  pooledRatingVariance,
  rankRanges,
  ratingEstimate,
  scoreInterval,
  strengthEstimate,
  type RankedEstimate,
} from "~/domain/rank-ranges";
import type { RideStanding, StandingRanking } from "~/domain/ride-standing";
import { queryRows, type Executor } from "../db/database";
import { idArray, numberArray } from "../db/id-array";
import { STANDING_RANKINGS } from "../db/schema";
import { publicRide } from "../catalog/visibility";

/** One row of ride_standings as the job writes it: a standing as the pages read it, without what they join to it. */
export type StandingRow = Pick<RideStanding, "ranking" | "scopeTypeId" | "rank" | "rankLow" | "rankHigh" | "score" | "scoreLow" | "scoreHigh" | "rankedCount"> & {
  rideId: string;
};

type RankedRide = { id: string; typeId: number; estimate: RankedEstimate };

/** The scope of every type. */
export const ALL_TYPES_SCOPE = 0;

/**
 * The best-rides ranking's rides in its order (listBestRides' WHERE and ORDER BY, without its limit), each with its
 * estimate from the maintained star histogram: one statement, one walk of attractions_bayes_rank_idx.
 */
async function readRatingRanking(db: Executor): Promise<RankedRide[]> {
  const rows = await queryRows<{ id: string; typeId: number; ratingSum: number; ratingCount: number; histogram: number[] }>(
    db,
    sql`SELECT attractions.id, attractions.type_id AS "typeId", attractions.rating_sum AS "ratingSum", attractions.rating_count AS "ratingCount",
        attractions.rating_histogram AS "histogram"
      FROM attractions JOIN parks ON parks.id = attractions.park_id
      WHERE ${publicRide()} AND attractions.moderation_status = 'approved' AND attractions.status = 'operating' AND attractions.rating_count > 0
      ORDER BY attractions.bayes_score DESC NULLS LAST, attractions.rating_count DESC NULLS LAST, attractions.id`,
  );
  const pooled = pooledRatingVariance(rows.map((row) => row.histogram.map(Number)));
  return rows.map((row) => ({ id: row.id, typeId: Number(row.typeId), estimate: ratingEstimate(Number(row.ratingSum), Number(row.ratingCount), row.histogram.map(Number), pooled) }));
}

/** The duel ranking's rides in its order (duelLeaders' WHERE and ORDER BY, without its limit), with their strengths. */
async function readDuelRanking(db: Executor): Promise<RankedRide[]> {
  const rows = await queryRows<{ id: string; typeId: number; strength: number; sd: number }>(
    db,
    sql`SELECT attractions.id, attractions.type_id AS "typeId", attractions.duel_strength AS "strength", attractions.duel_strength_sd AS "sd"
      FROM attractions JOIN parks ON parks.id = attractions.park_id
      WHERE ${publicRide()} AND attractions.moderation_status = 'approved' AND attractions.duel_wins + attractions.duel_losses > 0
      ORDER BY attractions.duel_strength DESC NULLS LAST, (attractions.duel_wins + attractions.duel_losses) DESC, attractions.id`,
  );
  return rows.map((row) => ({ id: row.id, typeId: Number(row.typeId), estimate: strengthEstimate(Number(row.strength), Number(row.sd)) }));
}

/** Lets the event loop serve requests between two draws of a long computation. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function standingsOfScope(
  ranking: StandingRanking,
  scopeTypeId: number,
  rides: readonly RankedRide[],
  uniform: () => number,
): Promise<StandingRow[]> {
  const estimates = rides.map((ride) => ride.estimate);
  const steps = rankRanges(estimates, uniform);
  let step = steps.next();
  while (!step.done) {
    await nextTurn();
    step = steps.next();
  }
  return step.value.map((range, index) => {
    const ride = rides[index]!;
    const interval = scoreInterval(ride.estimate);
    return {
      ranking,
      scopeTypeId,
      rideId: ride.id,
      ...range,
      score: ride.estimate.score,
      scoreLow: interval.low,
      scoreHigh: interval.high,
      rankedCount: rides.length,
    };
  });
}

/**
 * Every ranked ride's standing in both rankings, all types and its own type (decision 0079). `uniform` is a seeded
 * source, so that the draws repeat: the same figures give the same ranges at every run, and a page does not flicker
 * between runs.
 */
export async function computeStandings(db: Executor, uniform: () => number): Promise<StandingRow[]> {
  const rankings: Array<[StandingRanking, RankedRide[]]> = [
    ["ratings", await readRatingRanking(db)],
    ["duels", await readDuelRanking(db)],
  ];
  const rows: StandingRow[] = [];
  for (const [ranking, rides] of rankings) {
    rows.push(...(await standingsOfScope(ranking, ALL_TYPES_SCOPE, rides, uniform)));
    const types = new Map<number, RankedRide[]>();
    for (const ride of rides) {
      const ofType = types.get(ride.typeId);
      if (ofType) ofType.push(ride);
      else types.set(ride.typeId, [ride]);
    }
    for (const [typeId, ofType] of types) rows.push(...(await standingsOfScope(ranking, typeId, ofType, uniform)));
  }
  return rows;
}

/** Rows per statement when the standings are written: bounded statements, whatever the catalogue's size. */
const WRITE_CHUNK = 5_000;

/**
 * Writes the standings: a row is inserted or rewritten only when it changed, and a ride's rows that no longer
 * hold (it left a ranking or changed type) are deleted. Returns how many rows changed.
 */
export async function writeStandings(tx: Executor, rows: readonly StandingRow[]): Promise<number> {
  let changed = 0;
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const chunk = rows.slice(start, start + WRITE_CHUNK);
    const texts = (key: "ranking" | "rideId") => idArray(chunk.map((row) => row[key]));
    const numbers = (key: Exclude<keyof StandingRow, "ranking" | "rideId">) => numberArray(chunk.map((row) => row[key]));
    const written = await queryRows<{ one: number }>(
      tx,
      sql`INSERT INTO ride_standings (ranking, scope_type_id, attraction_id, rank, rank_low, rank_high, score, score_low, score_high, ranked_count)
        SELECT * FROM unnest(${texts("ranking")}::text[], ${numbers("scopeTypeId")}::smallint[], ${texts("rideId")}::uuid[],
          ${numbers("rank")}::int[], ${numbers("rankLow")}::int[], ${numbers("rankHigh")}::int[], ${numbers("score")}::float8[],
          ${numbers("scoreLow")}::float8[], ${numbers("scoreHigh")}::float8[], ${numbers("rankedCount")}::int[])
        ON CONFLICT (attraction_id, ranking, scope_type_id) DO UPDATE SET rank = excluded.rank, rank_low = excluded.rank_low,
          rank_high = excluded.rank_high, score = excluded.score, score_low = excluded.score_low, score_high = excluded.score_high,
          ranked_count = excluded.ranked_count
        WHERE (ride_standings.rank, ride_standings.rank_low, ride_standings.rank_high, ride_standings.score, ride_standings.score_low,
          ride_standings.score_high, ride_standings.ranked_count)
          IS DISTINCT FROM (excluded.rank, excluded.rank_low, excluded.rank_high, excluded.score, excluded.score_low,
          excluded.score_high, excluded.ranked_count)
        RETURNING 1 AS one`,
    );
    changed += written.length;
  }
  for (const ranking of STANDING_RANKINGS) {
    const kept = rows.filter((row) => row.ranking === ranking && row.scopeTypeId === ALL_TYPES_SCOPE).map((row) => row.rideId);
    const gone = await queryRows<{ one: number }>(
      tx,
      sql`DELETE FROM ride_standings s WHERE s.ranking = ${ranking}
        AND (s.attraction_id <> ALL(${idArray(kept)}::uuid[])
          OR (s.scope_type_id <> ${ALL_TYPES_SCOPE} AND s.scope_type_id <> (SELECT a.type_id FROM attractions a WHERE a.id = s.attraction_id)))
        RETURNING 1 AS one`,
    );
    changed += gone.length;
  }
  return changed;
}

/**
 * Keeps the standings as a month left them, once: when the job runs in a later month than its previous run, the
 * standings that run wrote (still in ride_standings: call this before writing the new ones) are the end of the
 * previous run's month (docs/rules/duels-and-rankings.md#history). The first run ever keeps nothing: no month has
 * ended with standings yet. Returns the month kept (its first day), or null.
 */
export async function snapshotEndedMonth(tx: Executor, previousRun: Date | null, now: Date): Promise<string | null> {
  if (!previousRun) return null;
  const month = firstDayOfMonth(previousRun);
  if (month >= firstDayOfMonth(now)) return null;
  const taken = await queryRows<{ one: number }>(
    tx,
    sql`INSERT INTO ride_standing_snapshots (month, ranking, scope_type_id, attraction_id, rank, rank_low, rank_high, ranked_count)
      SELECT ${month}::date, ranking, scope_type_id, attraction_id, rank, rank_low, rank_high, ranked_count FROM ride_standings
      WHERE NOT EXISTS (SELECT 1 FROM ride_standing_snapshots WHERE month = ${month}::date)
      RETURNING 1 AS one`,
  );
  return taken.length > 0 ? month : null;
}

/** The first day of a time's month (UTC), as a date. */
function firstDayOfMonth(time: Date): string {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1)).toISOString().slice(0, 10);
}
