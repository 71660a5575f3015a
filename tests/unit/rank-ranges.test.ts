import { describe, expect, it } from "vitest";
import { createRandom } from "~/domain/seeded-random";
import {
  isRankPrecise,
  pooledRatingVariance,
  priorShare,
  rangeAt,
  rankRangesNow,
  ratingEstimate,
  scoreInterval,
  strengthEstimate,
} from "~/domain/rank-ranges";

/** A histogram of `count` ratings at `stars`. */
const all = (count: number, stars: number) => [1, 2, 3, 4, 5].map((value) => (value === stars ? count : 0));

describe("a rank's range (decision 0079)", () => {
  it("is narrow for rides far apart and sure, wide for rides close and unsure, and always holds the rank", () => {
    const estimates = [
      strengthEstimate(6, 0.1),
      strengthEstimate(5, 0.1),
      strengthEstimate(0.5, 1),
      strengthEstimate(0.45, 1),
      strengthEstimate(0.4, 1),
      strengthEstimate(-5, 0.1),
    ];
    const ranges = rankRangesNow(estimates, createRandom(1).next);
    expect(ranges[0]).toEqual({ rank: 1, rankLow: 1, rankHigh: 1 });
    expect(ranges[1]).toEqual({ rank: 2, rankLow: 2, rankHigh: 2 });
    expect(ranges[5]).toEqual({ rank: 6, rankLow: 6, rankHigh: 6 });
    for (const [index, range] of ranges.entries()) {
      expect(range.rank).toBe(index + 1);
      expect(range.rankLow).toBeLessThanOrEqual(range.rank);
      expect(range.rankHigh).toBeGreaterThanOrEqual(range.rank);
    }
    // The three close, unsure rides may stand anywhere from 3rd to 5th.
    expect(ranges[2]).toEqual({ rank: 3, rankLow: 3, rankHigh: 5 });
    expect(ranges[4]).toEqual({ rank: 5, rankLow: 3, rankHigh: 5 });
  });

  it("is the same at every run for the same figures (a fixed seed)", () => {
    const estimates = Array.from({ length: 50 }, (_, index) => strengthEstimate(-index / 10, 0.5));
    expect(rankRangesNow(estimates, createRandom(34).next)).toEqual(rankRangesNow(estimates, createRandom(34).next));
  });

  it("takes a rating's uncertainty from its count and spread, pulled toward the pooled spread", () => {
    const pooled = pooledRatingVariance([all(10, 5), all(10, 1)]);
    expect(pooled).toBeCloseTo(4, 10);
    const one = ratingEstimate(5, 1, all(1, 5), pooled);
    const many = ratingEstimate(2000, 400, all(400, 5), pooled);
    // The score is the Bayesian average (decision 0020): one 5/5 is 40/11.
    expect(one.score).toBeCloseTo(40 / 11, 10);
    expect(one.sd).toBeGreaterThan(many.sd * 5);
    // Ten equal ratings do not claim certainty: the pooled spread still counts for ten.
    expect(ratingEstimate(50, 10, all(10, 5), pooled).sd).toBeCloseTo(Math.sqrt((10 * 4 + 0) / 20 / 20), 10);
    const interval = scoreInterval(many);
    expect(interval.low).toBeLessThan(many.score);
    expect(interval.high).toBeGreaterThan(many.score);
  });

  it("shows a rank when its range spans at most 5 places or no more places than the rank", () => {
    expect(isRankPrecise({ rank: 1, rankLow: 1, rankHigh: 5 })).toBe(true);
    expect(isRankPrecise({ rank: 1, rankLow: 1, rankHigh: 6 })).toBe(false);
    expect(isRankPrecise({ rank: 3, rankLow: 2, rankHigh: 30 })).toBe(false);
    expect(isRankPrecise({ rank: 40, rankLow: 25, rankHigh: 60 })).toBe(true);
    expect(isRankPrecise({ rank: 40, rankLow: 10, rankHigh: 80 })).toBe(false);
  });

  it("moves a standing's range with the ride's live place, still holding it", () => {
    expect(rangeAt({ rank: 5, rankLow: 3, rankHigh: 9 }, 3)).toEqual({ rank: 3, rankLow: 1, rankHigh: 7 });
    expect(rangeAt({ rank: 2, rankLow: 1, rankHigh: 4 }, 1)).toEqual({ rank: 1, rankLow: 1, rankHigh: 3 });
    expect(rangeAt({ rank: 2, rankLow: 2, rankHigh: 2 }, 7)).toEqual({ rank: 7, rankLow: 7, rankHigh: 7 });
  });

  it("gives the prior's share of the weighted score", () => {
    expect(priorShare(0)).toBe(1);
    expect(priorShare(10)).toBe(0.5);
    expect(priorShare(90)).toBeCloseTo(0.1, 10);
  });
});
