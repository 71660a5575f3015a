import { describe, expect, it } from "vitest";
import { BADGE_FAMILIES, badgeStanding, badgeStandings } from "~/domain/badges";
import { formatHoursMinutes, formatKilometres, formatMetres } from "~/domain/format";
import { formatMultiplier, influenceLevel, influenceProgress } from "~/domain/influence";

describe("badge thresholds (docs/rules/profiles.md#badges)", () => {
  const expected: Record<string, [number, number, number]> = {
    explorer: [5, 10, 20],
    coasterRider: [10, 25, 50],
    rails: [5_000, 25_000, 100_000],
    inversions: [50, 200, 500],
    time: [3_600, 18_000, 36_000],
    photos: [10, 50, 100],
    helpfulVotes: [10, 50, 100],
    approvedSuggestions: [5, 20, 50],
  };

  it("has the eight families of the rules with their exact thresholds", () => {
    expect(Object.fromEntries(BADGE_FAMILIES.map((family) => [family.id, family.thresholds]))).toEqual(expected);
  });

  for (const [family, [first, second, third]] of Object.entries(expected)) {
    it(`${family}: the highest level reached, just below and at each threshold`, () => {
      const level = (value: number) => badgeStanding(family as never, value).level;
      expect(level(0)).toBe(0);
      expect(level(first - 1)).toBe(0);
      expect(level(first)).toBe(1);
      expect(level(second - 1)).toBe(1);
      expect(level(second)).toBe(2);
      expect(level(third - 1)).toBe(2);
      expect(level(third)).toBe(3);
      expect(level(third * 10)).toBe(3);
    });
  }

  it("measures the progress toward the next level from the current one", () => {
    expect(badgeStanding("explorer", 0)).toMatchObject({ level: 0, nextThreshold: 5, progress: 0 });
    expect(badgeStanding("explorer", 4)).toMatchObject({ level: 0, nextThreshold: 5, progress: 0.8 });
    expect(badgeStanding("explorer", 5)).toMatchObject({ level: 1, nextThreshold: 10, progress: 0 });
    expect(badgeStanding("explorer", 15)).toMatchObject({ level: 2, nextThreshold: 20, progress: 0.5 });
    expect(badgeStanding("explorer", 20)).toMatchObject({ level: 3, nextThreshold: null, progress: 1 });
  });

  it("lists every family in the rules' order", () => {
    const standings = badgeStandings({
      explorer: 5,
      coasterRider: 0,
      rails: 25_000,
      inversions: 0,
      time: 36_000,
      photos: 0,
      helpfulVotes: 0,
      approvedSuggestions: 0,
    });
    expect(standings.map((standing) => [standing.family, standing.level])).toEqual([
      ["explorer", 1],
      ["coasterRider", 0],
      ["rails", 2],
      ["inversions", 0],
      ["time", 3],
      ["photos", 0],
      ["helpfulVotes", 0],
      ["approvedSuggestions", 0],
    ]);
  });
});

describe("influence levels (docs/rules/profiles.md#influence)", () => {
  it.each([
    [0, "Débutant", 1],
    [1, "Débutant", 1],
    [10, "Débutant", 1],
    [11, "Habitué", 1.25],
    [25, "Habitué", 1.25],
    [26, "Expert", 1.5],
    [50, "Expert", 1.5],
    [51, "Vétéran", 1.75],
    [100, "Vétéran", 1.75],
    [101, "Maître", 2],
    [500, "Maître", 2],
  ])("%i parks rated: %s x%s", (parks, name, multiplier) => {
    expect(influenceLevel(parks)).toMatchObject({ name, multiplier });
  });

  it("counts the parks still to rate and the progress to the next level", () => {
    expect(influenceProgress(0)).toMatchObject({ parksToNext: 11, progress: 0, next: { name: "Habitué" } });
    expect(influenceProgress(10)).toMatchObject({ parksToNext: 1, next: { name: "Habitué" } });
    expect(influenceProgress(11)).toMatchObject({ parksToNext: 15, progress: 0, next: { name: "Expert" } });
    expect(influenceProgress(25)).toMatchObject({ parksToNext: 1, next: { name: "Expert" } });
    expect(influenceProgress(26)).toMatchObject({ parksToNext: 25, next: { name: "Vétéran" } });
    expect(influenceProgress(51)).toMatchObject({ parksToNext: 50, next: { name: "Maître" } });
    expect(influenceProgress(100)).toMatchObject({ parksToNext: 1, progress: 0.98, next: { name: "Maître" } });
    expect(influenceProgress(101)).toMatchObject({ level: { name: "Maître" }, next: null, parksToNext: 0, progress: 1 });
  });

  it("prints the multiplier as the profile shows it", () => {
    expect(formatMultiplier(influenceLevel(11).multiplier, "en")).toBe("x1.25");
    expect(formatMultiplier(influenceLevel(11).multiplier, "fr")).toBe("x1,25");
    expect(formatMultiplier(influenceLevel(1).multiplier, "fr")).toBe("x1");
    expect(formatMultiplier(influenceLevel(101).multiplier, "en")).toBe("x2");
  });
});

describe("profile statistics formats (docs/rules/profiles.md#cumulative-statistics)", () => {
  it("shows the distance in km with one decimal", () => {
    expect(formatKilometres(0, "fr")).toBe("0,0 km");
    expect(formatKilometres(12_345, "fr")).toBe("12,3 km");
    expect(formatKilometres(12_345, "en")).toBe("12.3 km");
  });
  it("shows the time on rides in hours and minutes from seconds", () => {
    expect(formatHoursMinutes(0)).toBe("0 min");
    expect(formatHoursMinutes(59)).toBe("0 min");
    expect(formatHoursMinutes(2_700)).toBe("45 min");
    expect(formatHoursMinutes(3_600)).toBe("1 h 00 min");
    expect(formatHoursMinutes(7_530)).toBe("2 h 05 min");
    expect(formatHoursMinutes(90_000)).toBe("25 h 00 min");
  });
  it("shows the cumulated height in whole metres", () => {
    expect(formatMetres(0, "fr")).toBe("0 m");
    expect(formatMetres(1_234.6, "en")).toBe("1,235 m");
    expect(formatMetres(1_234.4, "fr")).toBe("1\u202f234 m");
  });
});
