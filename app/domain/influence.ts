import { formatNumber } from "./format";
import type { Language } from "./languages";

/**
 * Influence levels by number of parks rated (docs/rules/profiles.md#influence). The SQL that
 * recomputes user_rating_stats.current_weight is built from this table; the
 * trigger that maintains it uses influence_weight (migration 0018), which a
 * test compares with it.
 */
export const INFLUENCE_LEVELS = [
  { id: "beginner", name: "Débutant", minParks: 1, multiplier: 1 },
  { id: "regular", name: "Habitué", minParks: 11, multiplier: 1.25 },
  { id: "expert", name: "Expert", minParks: 26, multiplier: 1.5 },
  { id: "veteran", name: "Vétéran", minParks: 51, multiplier: 1.75 },
  { id: "master", name: "Maître", minParks: 101, multiplier: 2 },
] as const;

export type InfluenceLevel = (typeof INFLUENCE_LEVELS)[number];

/** The level reached with this many rated parks; a newcomer with none counts as a beginner (x1). */
export function influenceLevel(parksRated: number): InfluenceLevel {
  let reached: InfluenceLevel = INFLUENCE_LEVELS[0];
  for (const level of INFLUENCE_LEVELS) if (parksRated >= level.minParks) reached = level;
  return reached;
}

export type InfluenceProgress = {
  level: InfluenceLevel;
  next: InfluenceLevel | null;
  /** Parks still to rate to reach the next level; 0 at the top. */
  parksToNext: number;
  /** Share of the current level's span already covered, 0..1 (1 at the top). */
  progress: number;
};

/** What the profile shows under the influence level: the next level and how far it is. */
export function influenceProgress(parksRated: number): InfluenceProgress {
  const level = influenceLevel(parksRated);
  const next = INFLUENCE_LEVELS[INFLUENCE_LEVELS.indexOf(level) + 1] ?? null;
  if (!next) return { level, next, parksToNext: 0, progress: 1 };
  // A beginner's span starts at zero parks, so the bar starts empty.
  const floor = level === INFLUENCE_LEVELS[0] ? 0 : level.minParks;
  return {
    level,
    next,
    parksToNext: next.minParks - parksRated,
    progress: (parksRated - floor) / (next.minParks - floor),
  };
}

/** 'x1,25' / 'x1.25', 'x2': the multiplier as the profile prints it, in the language's decimals. */
export function formatMultiplier(multiplier: number, language: Language): string {
  return `x${formatNumber(multiplier, language)}`;
}
