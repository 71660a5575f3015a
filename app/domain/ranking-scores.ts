/**
 * The two public ride rankings' order keys (docs/decisions/0020). They are
 * stored as generated columns of `attractions` so that each ranking is an
 * index walk; the functions below are the same formulas in TypeScript, for
 * tests and for anyone reading the rule.
 */

/** Best attractions: a ride's average is pulled toward this prior... */
export const BAYES_PRIOR_MEAN = 3.5;
/** ...as if it had this many extra ratings at the prior mean (IMDb's "m"). */
export const BAYES_PRIOR_WEIGHT = 10;

/** Duel ranking: the lower bound of the 95 % Wilson score interval of the win rate. */
export const WILSON_Z = 1.96;

/** The Bayesian (IMDb-style) weighted average of a ride's ratings. */
export function bayesianAverage(ratingSum: number, ratingCount: number): number {
  return (BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT + ratingSum) / (BAYES_PRIOR_WEIGHT + ratingCount);
}

/**
 * How surely a ride wins its duels: 0 without duels, 0.21 for 1–0, 0.67 for
 * 40–10. It orders the duel ranking, so one lucky win cannot make 100 %.
 */
export function wilsonLowerBound(wins: number, losses: number): number {
  const total = wins + losses;
  if (total === 0) return 0;
  const rate = wins / total;
  const z2 = WILSON_Z * WILSON_Z;
  return (rate + z2 / (2 * total) - WILSON_Z * Math.sqrt((rate * (1 - rate) + z2 / (4 * total)) / total)) / (1 + z2 / total);
}

/** The win percentage shown beside V and D (whole number). */
export function winPercentage(wins: number, losses: number): number {
  const total = wins + losses;
  return total === 0 ? 0 : Math.round((wins / total) * 100);
}
