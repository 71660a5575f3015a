/**
 * "Rides you'll love" ("Pour vous", docs/decisions/0078): the rides a member has not rated, scored from
 * the members with their taste (app/domain/taste-similarity.ts) and from the rides' standing. Pure and
 * deterministic: the same ratings give the same list.
 *
 * A ride's score adds how much the member should like it to how likely they are to ride it:
 *
 *   score = (Σ s·(r − μ) + β·(B − 3.5)) / (Σ s + β)  +  γ · Σ s / S
 *
 * the sums over the member's close members who rated the ride (s their similarity, r their rating, μ their
 * own mean), S the similarities of all the member's close members, B the ride's Bayesian average
 * (app/domain/ranking-scores.ts), β `STANDING_WEIGHT` and γ `SUPPORT_WEIGHT`. The first part is the close
 * members' centred ratings weighted by similarity, pulled toward the ride's standing when few of them rated
 * it (with none, it is the standing alone); the second is the share of the member's close members, by
 * similarity, who rated the ride at all: members of one taste ride the same rides, and a list of rides the
 * member will never go near is no use (the offline evaluation measured both parts, decision 0078).
 */
import { BAYES_PRIOR_MEAN, bayesianAverage } from "./ranking-scores";

/** β: the neighbours' similarities must add up to this before they outweigh the ride's standing. */
export const STANDING_WEIGHT = 1;
/** γ: the weight of the share of close members (by similarity) who rated the ride. */
export const SUPPORT_WEIGHT = 8;
/** Rides listed per member. */
export const RECOMMENDATIONS = 20;
/** A close member who rated a ride this or more supports it ("Adorée par {count} membres…"). */
export const SUPPORT_MIN_RATING = 4;

export type RideStanding = { rideId: string; ratingSum: number; ratingCount: number };

/** The rides by standing, best first: built once per run, shared by every member's list. */
export type StandingTable = {
  readonly order: readonly string[];
  readonly deviation: ReadonlyMap<string, number>;
  /** A ride's place in `order`. */
  readonly rank: ReadonlyMap<string, number>;
};

/** Sorts the rides by Bayesian average (then by ratings, then id); a ride's deviation is B − 3.5. */
export function buildStandingTable(standings: Iterable<RideStanding>): StandingTable {
  const rows = [...standings].map((row) => ({ ...row, average: bayesianAverage(row.ratingSum, row.ratingCount) }));
  rows.sort((a, b) => b.average - a.average || b.ratingCount - a.ratingCount || compareIds(a.rideId, b.rideId));
  return {
    order: rows.map((row) => row.rideId),
    deviation: new Map(rows.map((row) => [row.rideId, row.average - BAYES_PRIOR_MEAN])),
    rank: new Map(rows.map((row, index) => [row.rideId, index])),
  };
}

export type NeighbourRatings = {
  similarity: number;
  /** The neighbour's mean over all their ratings. */
  mean: number;
  ratings: ReadonlyArray<{ rideId: string; rating: number }>;
};

export type RideRecommendation = {
  rideId: string;
  score: number;
  /** Close members who rated the ride `SUPPORT_MIN_RATING` or more: the reason line's count. */
  supporters: number;
  /** Close members who rated it at all. */
  raters: number;
};

export type RecommendationOptions = {
  limit?: number;
  /** Rides that may be listed (operating, published); others are skipped. */
  eligible?: (rideId: string) => boolean;
  standingWeight?: number;
  supportWeight?: number;
};

/**
 * The member's top rides among those they have not rated, best first (ties: standing order). Only
 * neighbours with a positive similarity count. Rides no neighbour rated are taken from the standing
 * table in its order, so the cost is the neighbours' ratings plus the list's length, not the catalogue.
 */
export function recommendRides(
  rated: ReadonlySet<string>,
  neighbours: readonly NeighbourRatings[],
  table: StandingTable,
  options: RecommendationOptions = {},
): RideRecommendation[] {
  const limit = options.limit ?? RECOMMENDATIONS;
  const beta = options.standingWeight ?? STANDING_WEIGHT;
  const gamma = options.supportWeight ?? SUPPORT_WEIGHT;
  const eligible = options.eligible ?? (() => true);
  const tally = new Map<string, { weighted: number; weight: number; supporters: number; raters: number }>();
  let totalSimilarity = 0;
  for (const neighbour of neighbours) {
    if (!(neighbour.similarity > 0)) continue;
    totalSimilarity += neighbour.similarity;
    for (const { rideId, rating } of neighbour.ratings) {
      if (rated.has(rideId)) continue;
      let row = tally.get(rideId);
      if (!row) tally.set(rideId, (row = { weighted: 0, weight: 0, supporters: 0, raters: 0 }));
      row.weighted += neighbour.similarity * (rating - neighbour.mean);
      row.weight += neighbour.similarity;
      row.raters++;
      if (rating >= SUPPORT_MIN_RATING) row.supporters++;
    }
  }
  // Only the best `limit` are kept, in order (an insertion into a short list): a member's close members may
  // have rated thousands of rides.
  const best: Array<RideRecommendation & { rank: number }> = [];
  const offer = (row: RideRecommendation & { rank: number }) => {
    if (best.length >= limit && !before(row, best[best.length - 1]!)) return;
    let at = best.length;
    while (at > 0 && before(row, best[at - 1]!)) at--;
    best.splice(at, 0, row);
    if (best.length > limit) best.pop();
  };
  for (const [rideId, row] of tally) {
    if (!eligible(rideId)) continue;
    const standing = table.deviation.get(rideId) ?? 0;
    const score = (row.weighted + beta * standing) / (row.weight + beta) + (gamma * row.weight) / totalSimilarity;
    offer({ rideId, score, supporters: row.supporters, raters: row.raters, rank: table.rank.get(rideId) ?? Number.MAX_SAFE_INTEGER });
  }
  // Rides no neighbour rated: their score is their standing, so the table's first ones are enough.
  let taken = 0;
  for (const rideId of table.order) {
    if (taken >= limit) break;
    if (tally.has(rideId) || rated.has(rideId) || !eligible(rideId)) continue;
    offer({ rideId, score: table.deviation.get(rideId) ?? 0, supporters: 0, raters: 0, rank: table.rank.get(rideId)! });
    taken++;
  }
  return best.map(({ rideId, score, supporters, raters }) => ({ rideId, score, supporters, raters }));
}

/** Higher score first, then the standing order, then the id. */
function before(a: RideRecommendation & { rank: number }, b: RideRecommendation & { rank: number }): boolean {
  return a.score > b.score || (a.score === b.score && (a.rank < b.rank || (a.rank === b.rank && compareIds(a.rideId, b.rideId) < 0)));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
