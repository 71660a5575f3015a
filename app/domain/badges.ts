/**
 * Badge families and their three levels (docs/rules/profiles.md#badges). A family shows
 * only the highest level reached, with the progress toward the next one.
 */
export const BADGE_FAMILIES = [
  { id: "explorer", thresholds: [5, 10, 20] }, // parks rated
  { id: "coasterRider", thresholds: [10, 25, 50] }, // roller coasters rated
  { id: "rails", thresholds: [5_000, 25_000, 100_000] }, // metres of track ridden
  { id: "inversions", thresholds: [50, 200, 500] },
  { id: "time", thresholds: [3_600, 18_000, 36_000] }, // seconds on rides
  { id: "photos", thresholds: [10, 50, 100] }, // photos shared in reviews
  { id: "helpfulVotes", thresholds: [10, 50, 100] }, // helpful votes received
  { id: "approvedSuggestions", thresholds: [5, 20, 50] }, // contributions approved by the moderator
] as const satisfies readonly { id: string; thresholds: readonly [number, number, number] }[];

export type BadgeFamilyId = (typeof BADGE_FAMILIES)[number]["id"];
type BadgeLevel = 0 | 1 | 2 | 3;

export type BadgeStanding = {
  family: BadgeFamilyId;
  /** 0 when the first level is not reached yet. */
  level: BadgeLevel;
  value: number;
  /** The threshold of the next level, or null once the third is reached. */
  nextThreshold: number | null;
  /** Share of the way from the current level's threshold (0 before the first) to the next one, 0..1. */
  progress: number;
};

export function badgeStanding(family: BadgeFamilyId, value: number): BadgeStanding {
  const thresholds: readonly number[] = BADGE_FAMILIES.find((candidate) => candidate.id === family)!.thresholds;
  const level = thresholds.filter((threshold) => value >= threshold).length as BadgeLevel;
  const nextThreshold = level < 3 ? thresholds[level]! : null;
  const floor = level === 0 ? 0 : thresholds[level - 1]!;
  const progress = nextThreshold === null ? 1 : Math.max(0, (value - floor) / (nextThreshold - floor));
  return { family, level, value, nextThreshold, progress };
}

/** Every family's standing, in the order of docs/rules/profiles.md#badges. */
export function badgeStandings(values: Record<BadgeFamilyId, number>): BadgeStanding[] {
  return BADGE_FAMILIES.map(({ id }) => badgeStanding(id, values[id]));
}
