/**
 * A ride's standings as its page and the public API read them (docs/rules/duels-and-rankings.md#how-sure-a-rank-is,
 * #why-this-rank, #history; decision 0079).
 */

/** The two ride rankings the standings cover, by the name the job writes. */
export type StandingRanking = "ratings" | "duels";

/** A ride one place above or below, with the score that orders it. */
export type StandingNeighbour = { name: string; slug: string; parkSlug: string; score: number };

/** Where the job last placed the ride in one ranking and scope (0: every type; else the ride's type's id). */
export type RideStanding = {
  ranking: StandingRanking;
  scopeTypeId: number;
  rank: number;
  rankLow: number;
  rankHigh: number;
  score: number;
  scoreLow: number;
  scoreHigh: number;
  rankedCount: number;
  /** Its rank at the last month's snapshot; null when it was not ranked then (or no month is kept: snapshotTaken). */
  previousRank: number | null;
  snapshotTaken: boolean;
  /** The members whose duels placed it (duels only). */
  duelMembers: number | null;
  above: StandingNeighbour | null;
  below: StandingNeighbour | null;
};

/** The ride's rank at the end of a kept month (`month`: its first day, YYYY-MM-DD). */
export type StandingHistoryPoint = {
  month: string;
  ranking: StandingRanking;
  scopeTypeId: number;
  rank: number;
  rankLow: number;
  rankHigh: number;
  rankedCount: number;
};
