import { describe, expect, it } from "vitest";
import type { ParkRatingCategory } from "~/domain/park-rating-categories";
import {
  rideAggregateDelta,
  parkAggregateDelta,
  parkScoreSixtieths,
  voteCountDelta,
} from "~/server/ratings/rating-deltas";

const stars = (values: Partial<Record<ParkRatingCategory, number>>): Record<ParkRatingCategory, number | null> => ({
  kidsFriendly: null,
  familyFriendly: null,
  thrill: null,
  theming: null,
  operations: null,
  value: null,
  ...values,
});

describe("park score in sixtieths (docs/rules/catalogue.md#park-scores)", () => {
  it("is 60 times the mean of the given sub-ratings, a whole number for one to six of them", () => {
    expect(parkScoreSixtieths(stars({ thrill: 5 }))).toBe(300);
    expect(parkScoreSixtieths(stars({ thrill: 5, theming: 4, value: 4 }))).toBe(260); // 13/3 = 4.333…
    expect(parkScoreSixtieths(stars({ kidsFriendly: 1, familyFriendly: 2, thrill: 3, theming: 4, operations: 5, value: 5 }))).toBe(200);
    for (let given = 1; given <= 6; given += 1) {
      for (let total = given; total <= 5 * given; total += 1) expect(Number.isInteger((60 * total) / given)).toBe(true);
    }
  });

  it("is 0 for a rating without stars (the form never lets one through)", () => {
    expect(parkScoreSixtieths(stars({}))).toBe(0);
  });
});

describe("park aggregate delta", () => {
  it("adds a new rating: one more rating, its stars, its score, its visit duration", () => {
    const delta = parkAggregateDelta(null, { stars: stars({ thrill: 5, value: 2 }), visitDuration: "full_day" });
    expect(delta).toEqual({
      ratingCount: 1,
      scoreSixtieths: 210,
      sums: { kidsFriendly: 0, familyFriendly: 0, thrill: 5, theming: 0, operations: 0, value: 2 },
      counts: { kidsFriendly: 0, familyFriendly: 0, thrill: 1, theming: 0, operations: 0, value: 1 },
      visits: { half_day: 0, full_day: 1, two_days: 0 },
      histograms: { kidsFriendly: [0, 0, 0, 0, 0], familyFriendly: [0, 0, 0, 0, 0], thrill: [0, 0, 0, 0, 1], theming: [0, 0, 0, 0, 0], operations: [0, 0, 0, 0, 0], value: [0, 1, 0, 0, 0] },
    });
  });

  it("moves an edit by its difference: a category given, one taken back, the duration changed", () => {
    const delta = parkAggregateDelta(
      { stars: stars({ thrill: 5, value: 2 }), visitDuration: "full_day" },
      { stars: stars({ thrill: 3, theming: 4 }), visitDuration: "two_days" },
    );
    expect(delta).toEqual({
      ratingCount: 0,
      scoreSixtieths: 210 - 210,
      sums: { kidsFriendly: 0, familyFriendly: 0, thrill: -2, theming: 4, operations: 0, value: -2 },
      counts: { kidsFriendly: 0, familyFriendly: 0, thrill: 0, theming: 1, operations: 0, value: -1 },
      visits: { half_day: 0, full_day: -1, two_days: 1 },
      histograms: { kidsFriendly: [0, 0, 0, 0, 0], familyFriendly: [0, 0, 0, 0, 0], thrill: [0, 0, 1, 0, -1], theming: [0, 0, 0, 1, 0], operations: [0, 0, 0, 0, 0], value: [0, -1, 0, 0, 0] },
    });
  });

  it("is nothing for an edit that changes nothing", () => {
    const rating = { stars: stars({ operations: 4 }), visitDuration: "half_day" as const };
    const delta = parkAggregateDelta(rating, rating);
    expect(delta.ratingCount).toBe(0);
    expect(delta.scoreSixtieths).toBe(0);
    expect(Object.values(delta.sums).every((value) => value === 0)).toBe(true);
    expect(Object.values(delta.counts).every((value) => value === 0)).toBe(true);
    expect(Object.values(delta.visits).every((value) => value === 0)).toBe(true);
    expect(Object.values(delta.histograms).flat().every((value) => value === 0)).toBe(true);
  });
});

describe("attraction aggregate delta", () => {
  it("adds a new rating and its audience", () => {
    expect(rideAggregateDelta(null, { rating: 4, audienceType: "thrill" })).toEqual({
      ratingCount: 1,
      ratingSum: 4,
      audiences: { thrill: 1, kids: 0, general: 0 },
      histogram: [0, 0, 0, 1, 0],
    });
  });

  it("moves an edit's rating and audience", () => {
    expect(rideAggregateDelta({ rating: 4, audienceType: "thrill" }, { rating: 2, audienceType: "kids" })).toEqual({
      ratingCount: 0,
      ratingSum: -2,
      audiences: { thrill: -1, kids: 1, general: 0 },
      histogram: [0, 1, 0, -1, 0],
    });
  });
});

describe("vote count delta (docs/rules/ratings.md#votes)", () => {
  it("follows every change of one member's vote", () => {
    expect(voteCountDelta("none", "helpful")).toEqual({ helpful: 1, unhelpful: 0 });
    expect(voteCountDelta("helpful", "none")).toEqual({ helpful: -1, unhelpful: 0 });
    expect(voteCountDelta("helpful", "unhelpful")).toEqual({ helpful: -1, unhelpful: 1 });
    expect(voteCountDelta("unhelpful", "helpful")).toEqual({ helpful: 1, unhelpful: -1 });
    expect(voteCountDelta("unhelpful", "unhelpful")).toEqual({ helpful: 0, unhelpful: 0 });
    expect(voteCountDelta("none", "none")).toEqual({ helpful: 0, unhelpful: 0 });
  });
});
