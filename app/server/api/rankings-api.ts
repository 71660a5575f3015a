import type * as z from "zod";
import type { RideTypeName } from "~/domain/ride-types";
import { rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";
import { sql } from "drizzle-orm";
import { isRankPrecise, type RankRange } from "~/domain/rank-ranges";
import { queryRows, type Executor } from "../db/database";
import { publicRide } from "../catalog/visibility";
import { readRideStandings, readStandingHistory } from "../rankings/ride-standing";
import { ALL_TYPES_SCOPE } from "../rankings/ride-standings";
import { listBestRides } from "../rankings/best-rides";
import { listDuelRanking } from "../rankings/duel-ranking";
import { listTopContributors, listTopReviewers } from "../rankings/leaderboards";
import type { bestRidesRanking, contributorRanking, duelRanking, reviewerRanking, rideRankingHistory } from "./api-schemas";
import type { ApiUrls } from "./api-urls";

/**
 * The rankings page's first four tabs as JSON (Top riders is on the page only), and a ride's places in them over time, read by the page's own services (maintained tables and
 * their ranking indexes, decision 0020). Members appear by their public username and profile page only.
 */

/** The ride rankings' filters: a type, a maker's slug (decision 0052), each optional. */
export type RideRankingFilter = { type: RideTypeName | null; manufacturer: { id: number; slug: string } | null };

const NO_FILTER: RideRankingFilter = { type: null, manufacturer: null };

function links(urls: ApiUrls, tab: RankingTab, { type, manufacturer }: RideRankingFilter, apiPath: string) {
  const query = new URLSearchParams();
  if (type) query.set("type", type);
  if (manufacturer) query.set("manufacturer", manufacturer.slug);
  const search = query.toString();
  return {
    self: urls.api(apiPath + (search ? `?${search}` : "")),
    page: urls.page(`/rankings${rankingsSearch({ tab, type, manufacturer: manufacturer?.slug ?? null })}`),
  };
}

type RankedRideRow = { id: string; name: string; slug: string; parkName: string; parkSlug: string };

function rankedRide(row: RankedRideRow, index: number, urls: ApiUrls) {
  return {
    rank: index + 1,
    id: row.id,
    name: row.name,
    slug: row.slug,
    park: { name: row.parkName, slug: row.parkSlug },
    pageUrls: urls.page(`/${row.parkSlug}/${row.slug}`),
    links: { self: urls.api(`/rides/${row.id}`) },
  };
}

function rankedMember(row: { userId: string; username: string }, index: number, urls: ApiUrls) {
  return { rank: index + 1, username: row.username, profileUrls: urls.page(`/profile/${row.userId}`) };
}

export async function bestRidesApi(db: Executor, filter: RideRankingFilter, urls: ApiUrls): Promise<z.input<typeof bestRidesRanking>> {
  const rows = await listBestRides(db, filter.type, filter.manufacturer?.id ?? null);
  return {
    data: rows.map((row, index) => ({ ...rankedRide(row, index, urls), rating: { average: row.averageRating, count: row.ratingCount } })),
    links: links(urls, "attractions", filter, "/rankings/rides"),
  };
}

export async function duelRankingApi(db: Executor, filter: RideRankingFilter, urls: ApiUrls): Promise<z.input<typeof duelRanking>> {
  const rows = await listDuelRanking(db, filter.type, filter.manufacturer?.id ?? null);
  return {
    data: rows.map((row, index) => ({ ...rankedRide(row, index, urls), wins: row.wins, losses: row.losses })),
    links: links(urls, "duels", filter, "/rankings/duels"),
  };
}

export async function contributorRankingApi(db: Executor, urls: ApiUrls): Promise<z.input<typeof contributorRanking>> {
  const rows = await listTopContributors(db);
  return {
    data: rows.map(({ userId, username, ...counts }, index) => ({ ...rankedMember({ userId, username }, index, urls), ...counts })),
    links: links(urls, "contributors", NO_FILTER, "/rankings/contributors"),
  };
}

export async function reviewerRankingApi(db: Executor, urls: ApiUrls): Promise<z.input<typeof reviewerRanking>> {
  const rows = await listTopReviewers(db);
  return {
    data: rows.map(({ userId, username, ...figures }, index) => ({ ...rankedMember({ userId, username }, index, urls), ...figures })),
    links: links(urls, "reviewers", NO_FILTER, "/rankings/reviewers"),
  };
}

/** A scope as the API names it: the standings' 0 is every type, any other the ride's own type. */
const scopeName = (scopeTypeId: number) => (scopeTypeId === ALL_TYPES_SCOPE ? "all" : "type");

/** A ride's standings and their monthly history (decision 0079); null when no public ride has this id. */
export async function rideRankingHistoryApi(db: Executor, rideId: string, urls: ApiUrls): Promise<z.input<typeof rideRankingHistory> | null> {
  const [ride] = await queryRows<{ id: string }>(
    db,
    sql`SELECT attractions.id FROM attractions JOIN parks ON parks.id = attractions.park_id WHERE attractions.id = ${rideId} AND ${publicRide()}`,
  );
  if (!ride) return null;
  const [standings, history] = await Promise.all([readRideStandings(db, rideId), readStandingHistory(db, rideId)]);
  const range = ({ rank, rankLow, rankHigh, rankedCount }: RankRange & { rankedCount: number }) => ({ rank, rankLow, rankHigh, rankedCount });
  return {
    data: {
      standings: standings.map((standing) => ({
        ranking: standing.ranking,
        scope: scopeName(standing.scopeTypeId),
        ...range(standing),
        precise: isRankPrecise(standing),
      })),
      history: history.map((point) => ({ month: point.month.slice(0, 7), ranking: point.ranking, scope: scopeName(point.scopeTypeId), ...range(point) })),
    },
    links: { self: urls.api(`/rides/${rideId}/rankings`), ride: urls.api(`/rides/${rideId}`) },
  };
}
