import { describe, expect, it } from "vitest";
import type { PersonalRankingRow } from "~/domain/duels";
import { PROFILE_RANKING_PREVIEW, previewRankings, readShownRanking } from "~/domain/profile-rankings";

const rows = (count: number): PersonalRankingRow[] =>
  Array.from({ length: count }, (_, index) => ({
    rideId: `ride-${index}`,
    name: `Ride ${index}`,
    parkName: "Park",
    parkSlug: "park",
    slug: `ride-${index}`,
    rank: index + 1,
    wins: 0,
    losses: 0,
  }));

describe("a profile's personal rankings", () => {
  it("shows the first five of each type and says how many there are", () => {
    const shown = previewRankings(
      [
        { type: "roller_coaster", rows: rows(42) },
        { type: "dark_ride", rows: rows(3) },
      ],
      null,
    );
    expect(PROFILE_RANKING_PREVIEW).toBe(5);
    expect(shown.map(({ type, rows, total }) => [type, rows.map((row) => row.rank), total])).toEqual([
      ["roller_coaster", [1, 2, 3, 4, 5], 42],
      ["dark_ride", [1, 2, 3], 3],
    ]);
  });

  it("shows every row of the type the address asks for, the others still cut", () => {
    const shown = previewRankings(
      [
        { type: "roller_coaster", rows: rows(42) },
        { type: "dark_ride", rows: rows(9) },
      ],
      "roller_coaster",
    );
    expect(shown[0]!.rows).toHaveLength(42);
    expect(shown[1]!.rows).toHaveLength(5);
  });

  it("reads only a known type from the address", () => {
    expect(readShownRanking("roller_coaster")).toBe("roller_coaster");
    expect(readShownRanking("everything")).toBeNull();
    expect(readShownRanking("")).toBeNull();
    expect(readShownRanking(null)).toBeNull();
  });
});
