import { describe, expect, it } from "vitest";
import { BAYES_PRIOR_MEAN, bayesianAverage } from "~/domain/ranking-scores";
import { SUPPORT_MIN_RATING, buildStandingTable, recommendRides, type NeighbourRatings } from "~/domain/ride-recommendations";

const table = buildStandingTable([
  { rideId: "classic", ratingSum: 45 * 4.6, ratingCount: 45 },
  { rideId: "good", ratingSum: 30 * 4.2, ratingCount: 30 },
  { rideId: "dark", ratingSum: 8 * 3.5, ratingCount: 8 },
  { rideId: "splash", ratingSum: 6 * 3.3, ratingCount: 6 },
  { rideId: "meh", ratingSum: 20 * 2.5, ratingCount: 20 },
  { rideId: "closed", ratingSum: 50 * 4.9, ratingCount: 50 },
]);

const neighbour = (similarity: number, mean: number, ratings: Record<string, number>): NeighbourRatings => ({
  similarity,
  mean,
  ratings: Object.entries(ratings).map(([rideId, rating]) => ({ rideId, rating })),
});

describe("rides you'll love (docs/decisions/0078)", () => {
  it("orders the standing table by Bayesian average, a deviation from the prior", () => {
    expect(table.order).toEqual(["closed", "classic", "good", "dark", "splash", "meh"]);
    expect(table.deviation.get("good")).toBeCloseTo(bayesianAverage(30 * 4.2, 30) - BAYES_PRIOR_MEAN, 10);
  });

  it("without close members, lists the best-standing rides the member has not rated", () => {
    const listed = recommendRides(new Set(["classic"]), [], table, { limit: 3 });
    expect(listed.map((row) => row.rideId)).toEqual(["closed", "good", "dark"]);
    expect(listed.every((row) => row.supporters === 0 && row.raters === 0)).toBe(true);
  });

  it("puts first what close members loved, and never a ride the member rated or one that is not eligible", () => {
    const close = [
      neighbour(0.6, 3, { dark: 5, splash: 5, classic: 4, meh: 1 }),
      neighbour(0.5, 3.2, { dark: 5, splash: 4, good: 3 }),
      neighbour(0.4, 2.8, { dark: 4, meh: 2 }),
    ];
    const listed = recommendRides(new Set(["classic"]), close, table, { eligible: (rideId) => rideId !== "closed" });
    const ids = listed.map((row) => row.rideId);
    expect(ids.slice(0, 2)).toEqual(["dark", "splash"]);
    expect(ids).not.toContain("classic");
    expect(ids).not.toContain("closed");
    expect(new Set(ids).size).toBe(ids.length);
    // The reason line's count: close members who rated it 4 or more.
    expect(SUPPORT_MIN_RATING).toBe(4);
    expect(listed.find((row) => row.rideId === "dark")).toMatchObject({ supporters: 3, raters: 3 });
    expect(listed.find((row) => row.rideId === "splash")).toMatchObject({ supporters: 2, raters: 2 });
    expect(listed.find((row) => row.rideId === "meh")).toMatchObject({ supporters: 0, raters: 2 });
  });

  it("ranks a ride close members disliked below one they loved, at equal share of close members", () => {
    const close = [neighbour(0.5, 3, { dark: 5, splash: 1 }), neighbour(0.5, 3, { dark: 5, splash: 1 })];
    const listed = recommendRides(new Set(), close, table);
    const position = (rideId: string) => listed.findIndex((row) => row.rideId === rideId);
    expect(position("dark")).toBeLessThan(position("splash"));
  });

  it("pulls a ride few close members rated toward its standing", () => {
    const one = recommendRides(new Set(), [neighbour(0.1, 3, { meh: 5 })], table, { supportWeight: 0 });
    const many = recommendRides(new Set(), [neighbour(2, 3, { meh: 5 })], table, { supportWeight: 0 });
    const meh = (rows: typeof one) => rows.find((row) => row.rideId === "meh")!.score;
    // Standing alone: (2.5 × 20 + 35) / 30 − 3.5 ≈ −0.67; the close member said +2.
    expect(meh(one)).toBeLessThan(0);
    expect(meh(many)).toBeGreaterThan(1);
  });

  it("ignores members with no positive similarity, and gives the same list for the same input", () => {
    const close = [neighbour(-0.5, 3, { meh: 5 }), neighbour(0, 3, { splash: 5 })];
    expect(recommendRides(new Set(), close, table)).toEqual(recommendRides(new Set(), [], table));
    const input = [neighbour(0.3, 3, { dark: 5, splash: 5 }), neighbour(0.3, 3, { splash: 5, dark: 5 })];
    expect(recommendRides(new Set(), input, table)).toEqual(recommendRides(new Set(), [...input].reverse(), table));
  });
});
