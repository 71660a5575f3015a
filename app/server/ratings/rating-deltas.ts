import type { Audience, VisitDuration } from "~/domain/park-scores";
import { PARK_RATING_CATEGORIES, type ParkRatingCategory } from "~/domain/park-rating-categories";
import type { ReviewVote } from "~/domain/rating-rules";

/**
 * How one rating write changes the maintained aggregates
 * (docs/rules/quality.md#maintained-aggregates): the rating as it was (null when new) is taken out and the
 * rating as it is now is put in. recomputeAllAggregates is the reference the
 * sums must agree with.
 */

export type ParkRatingValues = { stars: Record<ParkRatingCategory, number | null>; visitDuration: VisitDuration };

export type ParkAggregateDelta = {
  ratingCount: number;
  /** The change of the park score sum, in sixtieths (see parkScoreSixtieths). */
  scoreSixtieths: number;
  sums: Record<ParkRatingCategory, number>;
  counts: Record<ParkRatingCategory, number>;
  visits: Record<VisitDuration, number>;
  /** How each category's star histogram (counts of 1…5 stars) moves: see histogramDelta. */
  histograms: Record<ParkRatingCategory, StarHistogram>;
};

/** Counts of ratings giving 1, 2, 3, 4 and 5 stars, in that order (the charts' histograms, decision 0035). */
export type StarHistogram = [number, number, number, number, number];

/** A star count moving from `before` to `after` (null: no rating, or none in that category). */
function histogramDelta(before: number | null, after: number | null): StarHistogram {
  const delta: StarHistogram = [0, 0, 0, 0, 0];
  if (after !== null) delta[after - 1]! += 1;
  if (before !== null) delta[before - 1]! -= 1;
  return delta;
}

/**
 * A rating's part of the park score (docs/rules/catalogue.md#park-scores: the mean of its given
 * sub-ratings) times 60. A mean of one to six whole numbers is a whole number
 * of sixtieths (60 is divisible by 1…6), so scores add up exactly, which the
 * 4-decimal score_sum column could not do with thirds and sixths; a sum kept
 * to 4 decimals still tells its sixtieths apart, so the stored sum is turned
 * back into sixtieths before each change (see save-park-rating.ts).
 */
export function parkScoreSixtieths(stars: Record<ParkRatingCategory, number | null>): number {
  const given = PARK_RATING_CATEGORIES.map((category) => stars[category]).filter((value): value is number => value !== null);
  if (given.length === 0) return 0;
  return (60 * given.reduce((total, value) => total + value, 0)) / given.length;
}

export function parkAggregateDelta(before: ParkRatingValues | null, after: ParkRatingValues): ParkAggregateDelta {
  const delta: ParkAggregateDelta = {
    ratingCount: before ? 0 : 1,
    scoreSixtieths: parkScoreSixtieths(after.stars) - (before ? parkScoreSixtieths(before.stars) : 0),
    sums: zeroes(PARK_RATING_CATEGORIES),
    counts: zeroes(PARK_RATING_CATEGORIES),
    visits: { half_day: 0, full_day: 0, two_days: 0 },
    histograms: {} as Record<ParkRatingCategory, StarHistogram>,
  };
  for (const category of PARK_RATING_CATEGORIES) {
    delta.histograms[category] = histogramDelta(before?.stars[category] ?? null, after.stars[category]);
    delta.sums[category] = (after.stars[category] ?? 0) - (before?.stars[category] ?? 0);
    delta.counts[category] = Number(after.stars[category] !== null) - Number(before ? before.stars[category] !== null : false);
  }
  delta.visits[after.visitDuration] += 1;
  if (before) delta.visits[before.visitDuration] -= 1;
  return delta;
}

export type RideRatingValues = { rating: number; audienceType: Audience };

export type RideAggregateDelta = {
  ratingCount: number;
  ratingSum: number;
  audiences: Record<Audience, number>;
  histogram: StarHistogram;
};

export function rideAggregateDelta(before: RideRatingValues | null, after: RideRatingValues): RideAggregateDelta {
  const audiences: Record<Audience, number> = { thrill: 0, kids: 0, general: 0 };
  audiences[after.audienceType] += 1;
  if (before) audiences[before.audienceType] -= 1;
  return {
    ratingCount: before ? 0 : 1,
    ratingSum: after.rating - (before?.rating ?? 0),
    audiences,
    histogram: histogramDelta(before?.rating ?? null, after.rating),
  };
}

/** How a review's helpful and unhelpful counts move when one member's vote goes from `before` to `after`. */
export function voteCountDelta(before: ReviewVote, after: ReviewVote): { helpful: number; unhelpful: number } {
  return {
    helpful: Number(after === "helpful") - Number(before === "helpful"),
    unhelpful: Number(after === "unhelpful") - Number(before === "unhelpful"),
  };
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}
