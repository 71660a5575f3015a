/**
 * Sizes of the synthetic benchmark datasets (docs/benchmarks.md). `large` is the budget's
 * dataset (docs/rules/quality.md#large-dataset: 2,000 parks, 40,000 attractions, 200,000 users, 2,000,000
 * ratings); `medium` is a tenth of it, `small` about the demo's size and `tiny`
 * is for the integration test.
 */
export type Scale = {
  parks: number;
  attractions: number;
  users: number;
  parkRatings: number;
  rideRatings: number;
  votes: number;
  duels: number;
  /** content_modifications rows (approved or rejected additions and edits): the best contributors' tab. */
  contributions: number;
  /** Moderated park and attraction suggestions. */
  suggestions: number;
};

export const SCALES = {
  tiny: { parks: 4, attractions: 40, users: 30, parkRatings: 60, rideRatings: 200, votes: 150, duels: 60, contributions: 40, suggestions: 20 },
  small: { parks: 30, attractions: 600, users: 500, parkRatings: 2_000, rideRatings: 10_000, votes: 5_000, duels: 3_000, contributions: 300, suggestions: 150 },
  medium: {
    parks: 200,
    attractions: 4_000,
    users: 20_000,
    parkRatings: 40_000,
    rideRatings: 200_000,
    votes: 100_000,
    duels: 30_000,
    contributions: 2_000,
    suggestions: 1_000,
  },
  large: {
    parks: 2_000,
    attractions: 40_000,
    users: 200_000,
    parkRatings: 400_000,
    rideRatings: 2_000_000,
    votes: 1_000_000,
    duels: 300_000,
    contributions: 20_000,
    suggestions: 10_000,
  },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(name: string): name is ScaleName {
  return Object.hasOwn(SCALES, name);
}

/** The password of the members the benchmark signs in as (the heavy member and the writers). */
export const BENCH_PASSWORD = "Parcours2026";
/** How many members get a password: the heavy member (index 0) and the writers after it. */
export const BENCH_MEMBERS_WITH_PASSWORD = 9;

export const benchUserId = (index: number) => `bench-user-${String(index + 1).padStart(6, "0")}`;
export const benchUsername = (index: number) => `membre_${String(index + 1).padStart(6, "0")}`;
export const benchEmail = (index: number) => `membre${String(index + 1).padStart(6, "0")}@bench.parcours.local`;
