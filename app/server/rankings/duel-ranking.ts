import { sql, type SQL } from "drizzle-orm";
import { ATTRACTION_TYPES, attractionTypeId, type AttractionTypeName } from "~/domain/attraction-types";
import type { TopDuelsBlock } from "~/domain/duels";
import { RANKING_SIZE, TOP_DUELS_LEADERS, type DuelRankingRow } from "~/domain/rankings";
import { queryRows, type Executor } from "../db/database";
import { attractionTypes, attractions, parks } from "../db/schema";
import { publicAttraction } from "../catalog/visibility";

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
function duelLeaders(typeId: SQL | null, limit: number, manufacturerId: number | null = null): SQL {
  const typeCondition = typeId ? sql`AND ${attractions.typeId} = ${typeId}` : sql``;
  // One maker's rides: a walk of attractions_manufacturer_duel_rank_idx (decision 0052).
  const manufacturerCondition = manufacturerId === null ? sql`` : sql`AND ${attractions.manufacturerId} = ${manufacturerId}`;
  // The WHERE and ORDER BY repeat the partial indexes' predicate and keys (NULLS LAST included), so the
  // planner walks them; the predicate is written as literals too, since a generic plan of a prepared
  // statement cannot prove it from publicAttraction()'s bound parameters.
  return sql`SELECT ${attractions.id} AS "id", ${attractions.name} AS "name", ${attractions.slug} AS "slug",
      ${parks.name} AS "parkName", ${parks.slug} AS "parkSlug",
      ${attractions.duelWins} AS "wins", ${attractions.duelLosses} AS "losses", ${attractions.duelScore} AS "score"
    FROM ${attractions} INNER JOIN ${parks} ON ${parks.id} = ${attractions.parkId}
    WHERE ${publicAttraction()} AND ${attractions.moderationStatus} = 'approved'
      AND ${attractions.duelWins} + ${attractions.duelLosses} > 0 ${typeCondition} ${manufacturerCondition}
    ORDER BY ${attractions.duelScore} DESC NULLS LAST, (${attractions.duelWins} + ${attractions.duelLosses}) DESC, ${attractions.id}
    LIMIT ${limit}`;
}

function toRow({ id, name, slug, parkName, parkSlug, wins, losses, score }: DuelRankingRow): DuelRankingRow {
  return { id, name, slug, parkName, parkSlug, wins: Number(wins), losses: Number(losses), score: Number(score) };
}

/** The duel ranking's top 100, all types or one type, all makers or one: one query. */
export async function listDuelRanking(
  db: Executor,
  type: AttractionTypeName | null,
  manufacturerId: number | null = null,
): Promise<DuelRankingRow[]> {
  const typeId = type ? sql`${attractionTypeId(type)}` : null;
  const rows = await queryRows<DuelRankingRow>(db, duelLeaders(typeId, RANKING_SIZE, manufacturerId));
  return rows.map(toRow);
}

/**
 * The first leaders of every type that has duel results, types in the product's
 * order: one query, a lateral walk of the per-type index for each type.
 */
export async function listTopDuels(db: Executor): Promise<TopDuelsBlock[]> {
  const rows = await queryRows<DuelRankingRow & { typeName: AttractionTypeName }>(
    db,
    sql`SELECT ${attractionTypes.name} AS "typeName", leaders.*
      FROM ${attractionTypes} CROSS JOIN LATERAL (${duelLeaders(sql`${attractionTypes.id}`, TOP_DUELS_LEADERS)}) AS leaders
      ORDER BY ${attractionTypes.id}, leaders.score DESC NULLS LAST, leaders.wins + leaders.losses DESC, leaders.id`,
  );
  const blocks = new Map<AttractionTypeName, TopDuelsBlock["leaders"]>();
  for (const row of rows) {
    const { id, name, slug, parkName, parkSlug, wins, losses } = toRow(row);
    const leaders = blocks.get(row.typeName) ?? [];
    leaders.push({ attractionId: id, name, slug, parkName, parkSlug, wins, losses });
    blocks.set(row.typeName, leaders);
  }
  return ATTRACTION_TYPES.filter((type) => blocks.has(type)).map((type) => ({ type, leaders: blocks.get(type)! }));
}
