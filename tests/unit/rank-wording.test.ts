import { describe, expect, it } from "vitest";
import { movementSince, ordinal, rowCertainty, shownRank } from "~/domain/rank-wording";

describe("how a rank reads (docs/rules/duels-and-rankings.md#how-sure-a-rank-is)", () => {
  it("writes ordinals in each language, a French place feminine", () => {
    expect([1, 2, 3, 21].map((value) => ordinal(value, "fr"))).toEqual(["1er", "2e", "3e", "21e"]);
    expect(ordinal(1, "fr", "place")).toBe("1re");
    expect(ordinal(1234, "fr")).toBe("1\u202f234e");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map((value) => ordinal(value, "en"))).toEqual([
      "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]);
  });

  it("shows a precise rank with its range, an imprecise one as not yet known, a rank without standing as itself", () => {
    expect(shownRank(3, { rank: 3, rankLow: 2, rankHigh: 6 })).toEqual({ precise: true, rank: 3, rankLow: 2, rankHigh: 6 });
    expect(shownRank(1, { rank: 1, rankLow: 1, rankHigh: 19 })).toEqual({ precise: false, rank: 1 });
    expect(shownRank(4, null)).toEqual({ precise: true, rank: 4, rankLow: 4, rankHigh: 4 });
  });

  it("says how a ride moved since the last kept month, and nothing before the first", () => {
    expect(movementSince(3, 6, true)).toEqual({ kind: "up", places: 3 });
    expect(movementSince(7, 6, true)).toEqual({ kind: "down", places: 1 });
    expect(movementSince(7, 7, true)).toEqual({ kind: "same" });
    expect(movementSince(7, null, true)).toEqual({ kind: "new" });
    expect(movementSince(7, null, false)).toBeNull();
  });

  it("packs a row's certainty for the page: its range or null, its movement as places, 'new' or null", () => {
    const standing = { standingRank: 5, standingLow: 4, standingHigh: 7, previousRank: 8, snapshotTaken: true };
    expect(rowCertainty(5, standing)).toEqual({ range: [4, 7], moved: 3 });
    expect(rowCertainty(2, { ...standing, standingLow: 1, standingHigh: 40 })).toEqual({ range: null, moved: 6 });
    expect(rowCertainty(9, { standingRank: null, standingLow: null, standingHigh: null, previousRank: null, snapshotTaken: true })).toEqual({ range: [9, 9], moved: "new" });
    expect(rowCertainty(9, { standingRank: null, standingLow: null, standingHigh: null, previousRank: null, snapshotTaken: false }).moved).toBeNull();
  });
});
