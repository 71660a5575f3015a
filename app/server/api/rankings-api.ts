import type * as z from "zod";
import type { AttractionTypeName } from "~/domain/attraction-types";
import { rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";
import type { Executor } from "../db/database";
import { listBestAttractions } from "../rankings/best-attractions";
import { listDuelRanking } from "../rankings/duel-ranking";
import { listTopContributors, listTopReviewers } from "../rankings/leaderboards";
import type { bestRidesRanking, contributorRanking, duelRanking, reviewerRanking } from "./api-schemas";
import type { ApiUrls } from "./api-urls";

/**
 * The rankings page's four public tabs as JSON, read by the page's own services (maintained tables and
 * their ranking indexes, decision 0020). Members appear by their public username and profile page only.
 */

function links(urls: ApiUrls, tab: RankingTab, type: AttractionTypeName | null, apiPath: string) {
  return {
    self: urls.api(apiPath + (type ? `?type=${type}` : "")),
    page: urls.page(`/rankings${rankingsSearch({ tab, type })}`),
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

export async function bestRidesApi(db: Executor, type: AttractionTypeName | null, urls: ApiUrls): Promise<z.input<typeof bestRidesRanking>> {
  const rows = await listBestAttractions(db, type);
  return {
    data: rows.map((row, index) => ({ ...rankedRide(row, index, urls), rating: { average: row.averageRating, count: row.ratingCount } })),
    links: links(urls, "attractions", type, "/rankings/rides"),
  };
}

export async function duelRankingApi(db: Executor, type: AttractionTypeName | null, urls: ApiUrls): Promise<z.input<typeof duelRanking>> {
  const rows = await listDuelRanking(db, type);
  return {
    data: rows.map((row, index) => ({ ...rankedRide(row, index, urls), wins: row.wins, losses: row.losses })),
    links: links(urls, "duels", type, "/rankings/duels"),
  };
}

export async function contributorRankingApi(db: Executor, urls: ApiUrls): Promise<z.input<typeof contributorRanking>> {
  const rows = await listTopContributors(db);
  return {
    data: rows.map(({ userId, username, ...counts }, index) => ({ ...rankedMember({ userId, username }, index, urls), ...counts })),
    links: links(urls, "contributors", null, "/rankings/contributors"),
  };
}

export async function reviewerRankingApi(db: Executor, urls: ApiUrls): Promise<z.input<typeof reviewerRanking>> {
  const rows = await listTopReviewers(db);
  return {
    data: rows.map(({ userId, username, ...figures }, index) => ({ ...rankedMember({ userId, username }, index, urls), ...figures })),
    links: links(urls, "reviewers", null, "/rankings/reviewers"),
  };
}
