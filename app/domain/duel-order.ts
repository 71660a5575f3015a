/**
 * Which duel to ask next (docs/rules/duels-and-rankings.md#duel-flow, docs/decisions/0021): the member's rides of
 * one type are kept in one order, best first, built by binary insertion. Each
 * ride not yet in the order is placed by duels against rides already there;
 * every other comparison follows by transitivity, so n rides take about
 * n·log2 n duels instead of every pair's n(n−1)/2, and a ride that becomes
 * eligible later takes about log2 n. Pure: the server and the tests run it.
 */

/** One answered duel, between two rides of the member and type. */
export type DuelOutcome = { winnerId: string; loserId: string };

export type DuelPlan = {
  /** The member's rides ordered so far, best first: every eligible ride once the type is complete. */
  order: string[];
  /** The next duel: the ride being placed against a ride of the order, or null when every ride is placed. */
  next: { challengerId: string; opponentId: string } | null;
};

/**
 * The order and the next duel.
 * - `order`: the order as stored (rides no longer eligible are dropped; the rest keep their places);
 * - `eligible`: the member's eligible rides, in the order in which unplaced ones are placed;
 * - `duels`: every duel the member answered in the type (others' rides are ignored).
 *
 * A ride's place depends only on its own duels against the rides of the order.
 * Answers given by this plan always agree with each other (each one halves the
 * interval left), but earlier duels may not (a ride that left the type and came
 * back, duels from before this rule): the ride then goes where it contradicts
 * the fewest of its duels, the highest such place first. A pair already
 * played is never asked again.
 */
export function planDuels(input: { order: readonly string[]; eligible: readonly string[]; duels: readonly DuelOutcome[] }): DuelPlan {
  const eligible = new Set(input.eligible);
  const order = [...new Set(input.order.filter((id) => eligible.has(id)))];
  const placed = new Set(order);
  const results = resultsById(input.duels);
  for (const rideId of input.eligible) {
    if (placed.has(rideId)) continue;
    const placement = placeRide(order, results.get(rideId) ?? new Map());
    if (placement.kind === "ask") return { order, next: { challengerId: rideId, opponentId: placement.opponentId } };
    order.splice(placement.index, 0, rideId);
    placed.add(rideId);
  }
  return { order, next: null };
}

type Placement = { kind: "at"; index: number } | { kind: "ask"; opponentId: string };

/** For each ride, whether it beat (true) or lost to (false) each ride it met. */
function resultsById(duels: readonly DuelOutcome[]): Map<string, Map<string, boolean>> {
  const results = new Map<string, Map<string, boolean>>();
  const record = (rideId: string, opponentId: string, won: boolean) => {
    const own = results.get(rideId) ?? new Map<string, boolean>();
    own.set(opponentId, won);
    results.set(rideId, own);
  };
  for (const duel of duels) {
    record(duel.winnerId, duel.loserId, true);
    record(duel.loserId, duel.winnerId, false);
  }
  return results;
}

/**
 * Where a ride goes among `order` given its duels (`won` by opponent): the
 * insertion indexes contradicting the fewest duels; if rides it has not met
 * lie between those indexes, the one nearest their middle is asked next.
 */
function placeRide(order: readonly string[], won: ReadonlyMap<string, boolean>): Placement {
  // contradictions(p) = duels won against rides above index p + duels lost to rides from p down.
  let below = 0;
  for (const id of order) if (won.get(id) === false) below++;
  let above = 0;
  let best = Number.POSITIVE_INFINITY;
  let first = 0;
  let last = 0;
  for (let index = 0; index <= order.length; index++) {
    const contradictions = above + below;
    if (contradictions < best) {
      best = contradictions;
      first = last = index;
    } else if (contradictions === best) {
      last = index;
    }
    const id = order[index];
    if (id === undefined) break;
    if (won.get(id) === true) above++;
    if (won.get(id) === false) below--;
  }
  // Rides between the best indexes that the ride has not met yet; none: its place is known.
  const middle = (first + last - 1) / 2;
  let opponentId: string | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (let index = first; index < last; index++) {
    const id = order[index]!;
    if (won.has(id)) continue;
    if (Math.abs(index - middle) < distance) {
      distance = Math.abs(index - middle);
      opponentId = id;
    }
  }
  return opponentId === null ? { kind: "at", index: first } : { kind: "ask", opponentId };
}
