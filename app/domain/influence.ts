/**
 * Influence levels by number of parks rated (public site §4). The SQL that
 * maintains user_rating_stats.current_weight is built from this table too.
 */
export const INFLUENCE_LEVELS = [
  { name: "Débutant", minParks: 1, multiplier: 1 },
  { name: "Habitué", minParks: 11, multiplier: 1.25 },
  { name: "Expert", minParks: 26, multiplier: 1.5 },
  { name: "Vétéran", minParks: 51, multiplier: 1.75 },
  { name: "Maître", minParks: 101, multiplier: 2 },
] as const;

export type InfluenceLevel = (typeof INFLUENCE_LEVELS)[number];

/** The level reached with this many rated parks; a newcomer with none counts as a beginner (x1). */
export function influenceLevel(parksRated: number): InfluenceLevel {
  let reached: InfluenceLevel = INFLUENCE_LEVELS[0];
  for (const level of INFLUENCE_LEVELS) if (parksRated >= level.minParks) reached = level;
  return reached;
}
