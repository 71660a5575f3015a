import { sql, type SQL } from "drizzle-orm";
import { RIDE_TYPES, rideTypeId, type RideTypeName } from "~/domain/ride-types";
import type { TopDuelsBlock } from "~/domain/duels";
import { RANKING_SIZE, TOP_DUELS_LEADERS, type DuelRankingRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { rideTypes, rides, parks } from "../db/schema";
import { publicRide } from "../catalog/visibility";
import { standingColumns, standingOf, type StandingColumns } from "./standing-columns";

/**
 * The duel ranking across all members (docs/rules/duels-and-rankings.md#duel-ranking, decision 0020): approved
 * rides of approved parks that have duels, by the Wilson lower bound of their
 * win rate, then by their number of duels. The wins and losses are kept on
 * the ride by triggers, so this is a walk of attractions_duel_rank_idx (or its
 * per-type twin) that stops after `limit` rows.
 *
 * The one definition of that order: the rankings tab and the home page's Top
 * Duels carousel both read it.
 */
function duelLeaders(typeId: SQL | null, limit: number, manufacturerId: number | null = null, standingScope: number | null = null): SQL {
  const standing = standingColumns("duels", standingScope);
  const typeCondition = typeId ? sql`AND ${rides.typeId} = ${typeId}` : sql``;
  // One maker's rides: a walk of attractions_manufacturer_duel_rank_idx (decision 0052).
  const manufacturerCondition = manufacturerId === null ? sql`` : sql`AND ${rides.manufacturerId} = ${manufacturerId}`;
  // The WHERE and ORDER BY repeat the partial indexes' predicate and keys (NULLS LAST included), so the
  // planner walks them; the predicate is written as literals too, since a generic plan of a prepared
  // statement cannot prove it from publicAttraction()'s bound parameters.
  return sql`SELECT ${rides.id} AS "id", ${rides.name} AS "name", ${rides.slug} AS "slug",
      ${parks.name} AS "parkName", ${parks.slug} AS "parkSlug",
      ${rides.duelWins} AS "wins", ${rides.duelLosses} AS "losses", ${rides.duelStrength} AS "score", ${standing.columns}
    FROM ${rides} INNER JOIN ${parks} ON ${parks.id} = ${rides.parkId} ${standing.joins}
    WHERE ${publicRide()} AND ${rides.moderationStatus} = 'approved'
      AND ${rides.duelWins} + ${rides.duelLosses} > 0 ${typeCondition} ${manufacturerCondition}
    ORDER BY ${rides.duelStrength} DESC NULLS LAST, (${rides.duelWins} + ${rides.duelLosses}) DESC, ${rides.id}
    LIMIT ${limit}`;
}

function toRow({ id, name, slug, parkName, parkSlug, wins, losses, score }: DuelRankingRow): DuelRankingRow {
  return { id, name, slug, parkName, parkSlug, wins: Number(wins), losses: Number(losses), score: Number(score) };
}

/**
 * The duel ranking's top 100, all types or one type, all makers or one: one query. With a standing scope, each row
 * also carries its standing and its rank at the last snapshot (standing-columns.ts).
 */
export async function listDuelRanking(
  db: Executor,
  type: RideTypeName | null,
  manufacturerId: number | null = null,
  standingScope: number | null = null,
): Promise<Array<DuelRankingRow & StandingColumns>> {
  const typeId = type ? sql`${rideTypeId(type)}` : null;
  const rows = await queryRows<DuelRankingRow & StandingColumns>(db, duelLeaders(typeId, RANKING_SIZE, manufacturerId, standingScope));
  return rows.map((row) => ({ ...toRow(row), ...standingOf(row) }));
}

/**
 * The first leaders of every type that has duel results, types in the product's
 * order: one query, a lateral walk of the per-type index for each type.
 */
export async function listTopDuels(db: Executor): Promise<TopDuelsBlock[]> {
  const rows = await queryRows<DuelRankingRow & { typeName: RideTypeName }>(
    db,
    sql`SELECT ${rideTypes.name} AS "typeName", leaders.*
      FROM ${rideTypes} CROSS JOIN LATERAL (${duelLeaders(sql`${rideTypes.id}`, TOP_DUELS_LEADERS)}) AS leaders
      ORDER BY ${rideTypes.id}, leaders.score DESC NULLS LAST, leaders.wins + leaders.losses DESC, leaders.id`,
  );
  const blocks = new Map<RideTypeName, TopDuelsBlock["leaders"]>();
  for (const row of rows) {
    const { name, slug, parkName, parkSlug, wins, losses } = toRow(row);
    const leaders = blocks.get(row.typeName) ?? [];
    // No id: the carousel keys and links a ride by its slugs, and the page's data carries only what it shows.
    leaders.push({ name, slug, parkName, parkSlug, wins, losses });
    blocks.set(row.typeName, leaders);
  }
  return RIDE_TYPES.filter((type) => blocks.has(type)).map((type) => ({ type, leaders: blocks.get(type)! }));
}
