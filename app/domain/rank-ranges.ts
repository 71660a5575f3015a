import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT, WILSON_Z, bayesianAverage } from "./ranking-scores";

/**
 * How sure a rank is (docs/rules/duels-and-rankings.md#how-sure-a-rank-is, decision 0079). Each ranked ride has an
 * estimate of what the ranking measures (its true average, its true win rate) and a standard deviation around it,
 * from the same model as the order. Drawing every ride's value at once from those many times and ranking each draw
 * gives the ranks each ride plausibly holds: its range is the central 90 % of its ranks over the draws.
 */

/** Draws per computation: enough that the 5th and 95th percentiles of a ride's ranks move by less than a place or two. */
const RANK_DRAWS = 200;
/** The share of the draws a ride's range covers (its 5th to 95th percentile rank). */
const RANK_RANGE_COVERAGE = 0.9;

/** One ranked ride: the value the order uses, and the centre and spread of what it measures. */
export type RankedEstimate = { score: number; centre: number; sd: number };
/** Its rank in the order and the range of ranks it plausibly holds. */
export type RankRange = { rank: number; rankLow: number; rankHigh: number };

/** The star counts of a ride's ratings, one to five (the maintained rating_histogram). */
type Histogram = readonly number[];

/**
 * The spread of the ratings of every ride together: the variance a ride's own ratings are pulled toward, as its
 * average is pulled toward 3.5.
 */
export function pooledRatingVariance(histograms: readonly Histogram[]): number {
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (const histogram of histograms) {
    histogram.forEach((stars, index) => {
      count += stars;
      sum += stars * (index + 1);
      squares += stars * (index + 1) ** 2;
    });
  }
  if (count === 0) return 1;
  const mean = sum / count;
  return Math.max(squares / count - mean * mean, 0.01);
}

/**
 * A ride's best-rides estimate: its Bayesian average (the order, decision 0020), and the uncertainty of that average.
 * The ratings' variance (from the star histogram) is shrunk toward the pooled one with the prior's weight (ten
 * ratings), so that one rating or ten equal ones do not claim certainty; the average's deviation is that spread over
 * √(10 + n).
 */
export function ratingEstimate(ratingSum: number, ratingCount: number, histogram: Histogram, pooledVariance: number): RankedEstimate {
  const mean = ratingCount === 0 ? BAYES_PRIOR_MEAN : ratingSum / ratingCount;
  let spread = 0;
  histogram.forEach((stars, index) => (spread += stars * (index + 1 - mean) ** 2));
  const variance = (BAYES_PRIOR_WEIGHT * pooledVariance + spread) / (BAYES_PRIOR_WEIGHT + ratingCount);
  const score = bayesianAverage(ratingSum, ratingCount);
  return { score, centre: score, sd: Math.sqrt(variance / (BAYES_PRIOR_WEIGHT + ratingCount)) };
}

/**
 * A ride's duel estimate (decision 0077): its Bradley–Terry strength, which orders the ranking, and the deviation of
 * that strength.
 */
export function strengthEstimate(strength: number, sd: number): RankedEstimate {
  return { score: strength, centre: strength, sd };
}

/** The 95 % interval shown with a ride's score: its estimate's centre ± 1.96 deviations. */
export function scoreInterval(estimate: RankedEstimate): { low: number; high: number } {
  return { low: estimate.centre - WILSON_Z * estimate.sd, high: estimate.centre + WILSON_Z * estimate.sd };
}

/** A standard normal draw from a uniform source (Box–Muller). */
function normal(uniform: () => number): number {
  const u = 1 - uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
}

/**
 * The ranks each ride plausibly holds. `estimates` are in the ranking's order (the first is ranked 1). A generator:
 * each step is one draw (a sort of the whole list), so that a caller on a server's event loop can yield between
 * draws; its result is each ride's rank and range, the range always holding the rank. `uniform` is a seeded source,
 * so that the same figures give the same ranges at every run.
 */
export function* rankRanges(estimates: readonly RankedEstimate[], uniform: () => number, draws = RANK_DRAWS): Generator<void, RankRange[]> {
  const count = estimates.length;
  const ranks = new Uint32Array(count * draws);
  const values = new Float64Array(count);
  const order = new Uint32Array(count);
  for (let draw = 0; draw < draws; draw++) {
    for (let index = 0; index < count; index++) {
      const estimate = estimates[index]!;
      values[index] = estimate.centre + estimate.sd * normal(uniform);
      order[index] = index;
    }
    order.sort((a, b) => values[b]! - values[a]! || a - b);
    for (let position = 0; position < count; position++) ranks[order[position]! * draws + draw] = position + 1;
    yield;
  }
  const tail = (1 - RANK_RANGE_COVERAGE) / 2;
  const lowAt = Math.floor(tail * (draws - 1));
  const highAt = Math.ceil((1 - tail) * (draws - 1));
  return estimates.map((_, index) => {
    const own = ranks.subarray(index * draws, (index + 1) * draws).sort();
    const rank = index + 1;
    return { rank, rankLow: Math.min(own[lowAt] ?? rank, rank), rankHigh: Math.max(own[highAt] ?? rank, rank) };
  });
}

/** Runs rankRanges to its end at once (tests, scripts). */
export function rankRangesNow(estimates: readonly RankedEstimate[], uniform: () => number, draws = RANK_DRAWS): RankRange[] {
  const steps = rankRanges(estimates, uniform, draws);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Below this many places, a range is narrow enough for a rank whatever the rank: "entre la 1re et la 4e place" still
 * says where the ride stands.
 */
const RANK_RANGE_NARROW = 5;

/**
 * Whether a rank is precise enough to show (decision 0079): its range spans at most RANK_RANGE_NARROW places, or no
 * more places than the rank itself (a 40th place known within 30 places is a place; a 3rd place that may be the 30th
 * is not). Otherwise the ride is shown as "pas encore assez d'avis".
 */
export function isRankPrecise({ rank, rankLow, rankHigh }: RankRange): boolean {
  const span = rankHigh - rankLow + 1;
  return span <= RANK_RANGE_NARROW || span <= rank;
}

/**
 * A standing's range moved to where the ride stands now: the job placed it at `range.rank`, the live order at `now`
 * (ratings and duels since), so the range shifts by the same number of places, and still holds the rank shown.
 */
export function rangeAt(range: RankRange, now: number): RankRange {
  const shift = now - range.rank;
  return { rank: now, rankLow: Math.max(1, Math.min(now, range.rankLow + shift)), rankHigh: Math.max(now, range.rankHigh + shift) };
}

/** The share of a ride's Bayesian average that is the prior's: 10 / (10 + n). */
export function priorShare(ratingCount: number): number {
  return BAYES_PRIOR_WEIGHT / (BAYES_PRIOR_WEIGHT + ratingCount);
}
