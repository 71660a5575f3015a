/**
 * A duel ranking that knows the opponent (docs/decisions/0077): the Bradley–Terry
 * model, in which ride i beats ride j with probability σ(θi − θj), θ being each
 * ride's log-strength. The Wilson bound of decision 0020 counts a win over the
 * type's best ride and a win over its worst the same; members' duels are chosen
 * by binary insertion (decision 0021), so strong rides mostly meet strong rides
 * and their win rates understate them. The model weighs each result by who it
 * was against.
 *
 * Fitted per ride type, as a maximum a posteriori estimate under a Gaussian
 * prior θ ~ N(0, v) on every ride: a ride with few duels stays near 0 (an
 * ordinary ride of its type) and uncertain, and the fit exists even when the
 * duel graph is not connected or a ride never lost. Pure and deterministic:
 * the same duels, in the same order, give the same numbers.
 */
import type { DuelOutcome } from "./duel-order";

/**
 * The prior variance v of a ride's log-strength. With sd 1, two typical rides of
 * a type (θ one sd either side of 0) meet at 88 % to 12 %: a wide but bounded
 * spread of preferences. Its weight equals about four duels against equal
 * opponents (each adds at most ¼ to the curvature), so a 1–0 ride moves to
 * θ ≈ 0.4 and no further, while 30 duels outweigh the prior many times over.
 * Decision 0077 compares v = ¼, 1 and 4.
 */
export const BRADLEY_TERRY_PRIOR_VARIANCE = 1;
/** The prior's deviation: a ride without duels' (the column's default). */
export const BRADLEY_TERRY_PRIOR_SD = Math.sqrt(BRADLEY_TERRY_PRIOR_VARIANCE);

/** Newton steps at most; the fit usually converges in 5 to 10. */
const MAX_NEWTON_STEPS = 50;
/** Stop when no ride's gradient (expected minus actual wins, plus the prior's pull) exceeds this. */
const GRADIENT_TOLERANCE = 1e-6;
/** Conjugate-gradient steps at most for each Newton direction, and their relative residual target. */
const MAX_CG_STEPS = 200;
const CG_TOLERANCE = 1e-8;

export type RideStrength = {
  /** The MAP log-strength θ: 0 is an ordinary ride of its type, +1 beats it 73 % of the time. */
  strength: number;
  /**
   * The Laplace approximation's standard deviation of θ, taken as 1 / √H_ii with H the
   * Hessian of the negative log-posterior at the MAP: the ride's uncertainty with its
   * opponents' strengths held fixed. It ignores the opponents' own uncertainty, so it
   * understates the full posterior sd (the diagonal of H⁻¹) a little; it equals the
   * prior's √v for a ride without duels.
   */
  sd: number;
  wins: number;
  losses: number;
};

export type BradleyTerryFit = {
  /** Every ride that appears in a duel. */
  rides: Map<string, RideStrength>;
  priorVariance: number;
  /** Newton steps taken, and whether the gradient tolerance was reached within the bound. */
  iterations: number;
  converged: boolean;
};

export type BradleyTerryOptions = { priorVariance?: number; maxIterations?: number; tolerance?: number };

/** The probability that a ride of log-strength `strengthA` beats one of `strengthB`. */
export function winProbability(strengthA: number, strengthB: number): number {
  return 1 / (1 + Math.exp(strengthB - strengthA));
}

/** A ride's fitted strength, or the prior's (0, √v, no duels) for a ride the fit has not seen. */
export function rideStrength(fit: BradleyTerryFit, rideId: string): RideStrength {
  return fit.rides.get(rideId) ?? { strength: 0, sd: Math.sqrt(fit.priorVariance), wins: 0, losses: 0 };
}

/**
 * Fits the model to one ride type's duels: Newton's method on the negative
 * log-posterior
 *
 *     F(θ) = Σ_duels log(1 + e^(θ_loser − θ_winner)) + Σ_rides θ² / 2v
 *
 * from θ = 0, each direction solved by conjugate gradients preconditioned by the
 * Hessian's diagonal (the Hessian is a graph Laplacian plus I/v: sparse, never
 * formed), with a backtracking line search so that F decreases at every step.
 * F is strictly convex, so the minimum is unique. Each step costs a few passes
 * over the duels: O(duels · CG steps).
 */
export function fitBradleyTerry(duels: readonly DuelOutcome[], options: BradleyTerryOptions = {}): BradleyTerryFit {
  const priorVariance = options.priorVariance ?? BRADLEY_TERRY_PRIOR_VARIANCE;
  const maxIterations = options.maxIterations ?? MAX_NEWTON_STEPS;
  const tolerance = options.tolerance ?? GRADIENT_TOLERANCE;
  if (!(priorVariance > 0)) throw new Error("the prior variance must be positive");

  // Rides numbered in id order, so that the numbering does not depend on the duels' order.
  const ids = [...new Set(duels.flatMap((duel) => [duel.winnerId, duel.loserId]))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const m = duels.length;
  const winner = new Int32Array(m);
  const loser = new Int32Array(m);
  const wins = new Float64Array(n);
  const losses = new Float64Array(n);
  duels.forEach((duel, d) => {
    winner[d] = index.get(duel.winnerId)!;
    loser[d] = index.get(duel.loserId)!;
    wins[winner[d]!]!++;
    losses[loser[d]!]!++;
  });

  const precision = 1 / priorVariance;
  const theta = new Float64Array(n);
  const gradient = new Float64Array(n);
  const diagonal = new Float64Array(n);
  const curvature = new Float64Array(m);
  const direction = new Float64Array(n);
  const trial = new Float64Array(n);
  const workspace = { r: new Float64Array(n), z: new Float64Array(n), p: new Float64Array(n), hp: new Float64Array(n) };

  // Gradient, the Hessian's diagonal and each duel's curvature q(1 − q) at θ.
  const linearise = () => {
    for (let i = 0; i < n; i++) {
      gradient[i] = theta[i]! * precision;
      diagonal[i] = precision;
    }
    for (let d = 0; d < m; d++) {
      const w = winner[d]!;
      const l = loser[d]!;
      const upset = 1 / (1 + Math.exp(theta[w]! - theta[l]!)); // P(the loser wins) under θ
      gradient[w]! -= upset;
      gradient[l]! += upset;
      const c = upset * (1 - upset);
      curvature[d] = c;
      diagonal[w]! += c;
      diagonal[l]! += c;
    }
  };
  const objective = (at: Float64Array) => {
    let value = 0;
    for (let i = 0; i < n; i++) value += (at[i]! * at[i]! * precision) / 2;
    for (let d = 0; d < m; d++) value += softplus(at[loser[d]!]! - at[winner[d]!]!);
    return value;
  };
  const hessianTimes = (u: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] = u[i]! * precision;
    for (let d = 0; d < m; d++) {
      const w = winner[d]!;
      const l = loser[d]!;
      const t = curvature[d]! * (u[w]! - u[l]!);
      out[w]! += t;
      out[l]! -= t;
    }
  };

  let iterations = 0;
  let converged = false;
  let value = objective(theta);
  for (;;) {
    linearise();
    if (maxAbs(gradient) <= tolerance) {
      converged = true;
      break;
    }
    if (iterations >= maxIterations) break;
    iterations++;
    solveNewtonDirection(n, gradient, diagonal, hessianTimes, direction, workspace);
    let slope = 0;
    for (let i = 0; i < n; i++) slope += gradient[i]! * direction[i]!;
    // Backtracking (Armijo): the full Newton step near the minimum, shorter ones far from it. F is a sum
    // of tens of thousands of terms, so its rounding (the allowance) is not taken for an increase:
    // near the minimum the step's decrease is as small as that rounding.
    const allowance = 1e-12 * Math.abs(value);
    let step = 1;
    let accepted = false;
    for (let halvings = 0; halvings < 30 && !accepted; halvings++, step /= 2) {
      for (let i = 0; i < n; i++) trial[i] = theta[i]! + step * direction[i]!;
      const next = objective(trial);
      if (next <= value + 1e-4 * step * slope + allowance) {
        accepted = true;
        value = next;
      }
    }
    if (!accepted) break; // not a descent direction even in tiny steps: left unconverged
    theta.set(trial);
  }

  const rides = new Map<string, RideStrength>();
  ids.forEach((id, i) => rides.set(id, { strength: theta[i]!, sd: 1 / Math.sqrt(diagonal[i]!), wins: wins[i]!, losses: losses[i]! }));
  return { rides, priorVariance, iterations, converged };
}

/** log(1 + eˣ) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

function maxAbs(values: Float64Array): number {
  let max = 0;
  for (const value of values) max = Math.max(max, Math.abs(value));
  return max;
}

/** Solves H·direction = −gradient by conjugate gradients with the Jacobi preconditioner. */
function solveNewtonDirection(
  n: number,
  gradient: Float64Array,
  diagonal: Float64Array,
  hessianTimes: (u: Float64Array, out: Float64Array) => void,
  direction: Float64Array,
  { r, z, p, hp }: { r: Float64Array; z: Float64Array; p: Float64Array; hp: Float64Array },
): void {
  direction.fill(0);
  let rz = 0;
  let target = 0;
  for (let i = 0; i < n; i++) {
    r[i] = -gradient[i]!;
    z[i] = r[i]! / diagonal[i]!;
    p[i] = z[i]!;
    rz += r[i]! * z[i]!;
    target += r[i]! * r[i]!;
  }
  target *= CG_TOLERANCE * CG_TOLERANCE;
  for (let step = 0; step < MAX_CG_STEPS; step++) {
    hessianTimes(p, hp);
    let php = 0;
    for (let i = 0; i < n; i++) php += p[i]! * hp[i]!;
    if (!(php > 0)) return;
    const alpha = rz / php;
    let residual = 0;
    for (let i = 0; i < n; i++) {
      direction[i]! += alpha * p[i]!;
      r[i]! -= alpha * hp[i]!;
      residual += r[i]! * r[i]!;
    }
    if (residual <= target) return;
    let rzNext = 0;
    for (let i = 0; i < n; i++) {
      z[i] = r[i]! / diagonal[i]!;
      rzNext += r[i]! * z[i]!;
    }
    const beta = rzNext / rz;
    rz = rzNext;
    for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
  }
}
