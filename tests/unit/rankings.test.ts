import { describe, expect, it } from "vitest";
import { rankingsSearch } from "~/domain/ranking-tabs";
import { formatCoefficient, medalOf, readRankingsView } from "~/domain/rankings";

const read = (search: string) => readRankingsView(new URLSearchParams(search));

describe("rankings addresses (docs/rules/duels-and-rankings.md#rankings-page)", () => {
  it("reads each tab's address, a type and a manufacturer only on the ride tabs", () => {
    expect(read("")).toEqual({ tab: "attractions", type: null, manufacturer: null });
    expect(read("?type=dark_ride")).toEqual({ tab: "attractions", type: "dark_ride", manufacturer: null });
    expect(read("?tab=duels&type=roller_coaster")).toEqual({ tab: "duels", type: "roller_coaster", manufacturer: null });
    expect(read("?tab=duels&type=")).toEqual({ tab: "duels", type: null, manufacturer: null });
    expect(read("?manufacturer=bolliger-mabillard&type=")).toEqual({ tab: "attractions", type: null, manufacturer: "bolliger-mabillard" });
    expect(read("?tab=duels&manufacturer=")).toEqual({ tab: "duels", type: null, manufacturer: null });
    expect(read("?tab=contributors&type=roller_coaster&manufacturer=vekoma")).toEqual({ tab: "contributors", type: null, manufacturer: null });
    expect(read("?tab=reviewers")).toEqual({ tab: "reviewers", type: null, manufacturer: null });
    expect(read("?tab=riders&type=roller_coaster")).toEqual({ tab: "riders", type: null, manufacturer: null });
  });

  it("refuses an unknown tab or type, or a manufacturer that no slug can be (the page answers 404)", () => {
    expect(read("?tab=best")).toBeNull();
    expect(read("?tab=duels&type=coaster")).toBeNull();
    expect(read("?type=1")).toBeNull();
    expect(read("?manufacturer=Mack%20Rides")).toBeNull();
  });

  it("writes the same addresses back, the default tab without a query", () => {
    for (const search of [
      "",
      "?type=dark_ride",
      "?tab=duels",
      "?tab=duels&type=roller_coaster",
      "?manufacturer=intamin",
      "?tab=duels&type=roller_coaster&manufacturer=mack-rides",
      "?tab=contributors",
      "?tab=reviewers",
      "?tab=riders",
    ]) {
      expect(rankingsSearch(read(search)!)).toBe(search);
    }
    expect(rankingsSearch({ tab: "reviewers", type: "show", manufacturer: "vekoma" })).toBe("?tab=reviewers");
  });
});

describe("leaderboard figures (docs/rules/duels-and-rankings.md#leaderboard-figures)", () => {
  it("prints the coefficient with two decimals", () => {
    expect(formatCoefficient(1.25, "en")).toBe("x1.25");
    expect(formatCoefficient(2, "en")).toBe("x2.00");
    expect(formatCoefficient(1, "en")).toBe("x1.00");
    expect(formatCoefficient(1.5, "fr")).toBe("x1,50");
  });

  it("gives medals to ranks 1 to 3 only", () => {
    expect([1, 2, 3, 4].map(medalOf)).toEqual(["gold", "silver", "bronze", null]);
  });
});
