import { formatDecimal } from "./format";
import type { Language } from "./languages";
import { RIDE_TYPES, type RideTypeName } from "./ride-types";
import { RANKING_TABS, rankedByType, type RankingTab } from "./ranking-tabs";
import { isSlugShaped } from "./slug";
import { packRows, type PackedRows } from "./packed-rows";
import type { RowCertainty } from "./rank-wording";

/** The rankings page's rows and rules (docs/rules/duels-and-rankings.md#rankings-page; decision 0020); its addresses are in ranking-tabs.ts. */

/** Leaderboards show the top 100 (docs/rules/duels-and-rankings.md#leaderboard-figures). */
export const RANKING_SIZE = 100;

/** How many leaders of each type the home page's Top Duels carousel shows. */
export const TOP_DUELS_LEADERS = 5;

/** `manufacturer` is a maker's slug (decision 0052), which the loader looks up: an unknown one is a 404 there. */
export type RankingsView = { tab: RankingTab; type: RideTypeName | null; manufacturer: string | null };

function isTab(value: string): value is RankingTab {
  return (RANKING_TABS as readonly string[]).includes(value);
}

function isType(value: string): value is RideTypeName {
  return (RIDE_TYPES as readonly string[]).includes(value);
}

/**
 * The tab, type and manufacturer an address asks for; null for an unknown tab or
 * type or a malformed manufacturer (the page answers 404: every tab has one address,
 * so a wrong one is not a tab). A type or manufacturer on a tab that has none is
 * ignored, and so is an empty one (what the filter form sends for "all").
 */
export function readRankingsView(search: URLSearchParams): RankingsView | null {
  const tab = search.get("tab") ?? "attractions";
  if (!isTab(tab)) return null;
  if (!rankedByType(tab)) return { tab, type: null, manufacturer: null };
  const type = search.get("type") || null;
  const manufacturer = search.get("manufacturer") || null;
  if (type !== null && !isType(type)) return null;
  if (manufacturer !== null && !isSlugShaped(manufacturer)) return null;
  return { tab, type, manufacturer };
}

/** Gold, silver and bronze for ranks 1 to 3 (docs/rules/duels-and-rankings.md#leaderboard-figures). */
const MEDALS = ["gold", "silver", "bronze"] as const;
export type Medal = (typeof MEDALS)[number];

export function medalOf(rank: number): Medal | null {
  return MEDALS[rank - 1] ?? null;
}

/** A ride in a ranking, with what its link to /{park}/{ride} needs. */
type RankedRide = { id: string; name: string; slug: string; parkName: string; parkSlug: string };

/** Best attractions: ordered by `score`, the Bayesian average (shown beside the plain one). */
export type BestRideRow = RankedRide & { averageRating: number; ratingCount: number; score: number };

/** Duel ranking: ordered by `score`, the Wilson lower bound (0–1), shown beside wins, losses and the win percentage. */
export type DuelRankingRow = RankedRide & { wins: number; losses: number; score: number };

export type ContributorRow = {
  userId: string;
  username: string;
  total: number;
  parksCreated: number;
  parksUpdated: number;
  attractionsCreated: number;
  attractionsUpdated: number;
  suggestions: number;
};

export type ReviewerRow = { userId: string; username: string; parkRatings: number; weight: number; averageRating: number };

/** Top riders (docs/rules/ride-log.md#top-riders): a member who shows their credits, and how many under their own rules. */
export type RiderRow = { userId: string; username: string; credits: number };

/**
 * A ride's row as the page receives it: without its id, since the page keys and links a row by its slugs, and with
 * how sure its rank is and how it moved (decision 0079).
 */
type ShownRide<Row> = Omit<Row, "id"> & RowCertainty;

/** What the page shows: the one tab's rows. The page's data carries them packed (`PackedRanking`, decision 0063). */
export type RankingRows =
  | { tab: "attractions"; rows: ShownRide<BestRideRow>[] }
  | { tab: "duels"; rows: ShownRide<DuelRankingRow>[] }
  | { tab: "contributors"; rows: ContributorRow[] }
  | { tab: "reviewers"; rows: ReviewerRow[] }
  | { tab: "riders"; rows: RiderRow[] };

/** A tab's rows as the rankings page's data carries them: rows of values (decision 0063). */
export type PackedRanking = { [T in RankingRows["tab"]]: { tab: T; rows: PackedRows<Extract<RankingRows, { tab: T }>["rows"][number]> } }[RankingRows["tab"]];

export function packRanking(ranking: RankingRows): PackedRanking {
  // Each tab's rows packed as its own; TypeScript cannot follow the tab through the union.
  return { tab: ranking.tab, rows: packRows<RankingRows["rows"][number]>(ranking.rows) } as PackedRanking;
}

/** The influence coefficient as the leaderboard prints it: 'x1,25' / 'x1.25', always two decimals, in the language's decimal mark. */
export function formatCoefficient(weight: number, language: Language): string {
  return `x${formatDecimal(weight, language, 2)}`;
}
