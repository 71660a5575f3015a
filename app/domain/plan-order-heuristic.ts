/**
 * A short day for plans too large for the exact method (docs/decisions/0081): an iterated local search. The
 * shortest of three starts (two constructions and the member's own order) is improved by local search until no
 * move shortens it; then, as often as the work budget allows, the best order found is kicked (two runs of it
 * exchanged) and improved again, and the result kept when shorter. Every move is costed with the time-dependent
 * model itself (app/domain/visit-day.ts), not with distances: a move that shortens the walk can put a ride in its
 * peak hour. Deterministic: the kicks draw from the project's seeded generator, with a fixed seed.
 */
import { createRandom, type Random } from "./seeded-random";
import { dayEnd, respectsPriority, type VisitDay } from "./visit-day";

/** Runs moved whole by or-opt: one ride, or two or three that belong together (one area of the park). */
const LONGEST_MOVED_SEGMENT = 3;

/** A move must shorten the day by more than this to count, so that rounding cannot make the search cycle. */
const IMPROVEMENT_EPSILON = 1e-9;

/**
 * The kicks' work budget, in units of n³ (about what one pass of the local search costs on n rides): 97 kicks at
 * 16 rides, 14 at 30, 1 at 60. Decision 0081 measures what more would buy and cost.
 */
const KICK_WORK = 400_000;
/** Kicks at most, on small plans where each one is cheap. */
const MOST_KICKS = 100;
const KICK_SEED = 81;

/** The kicks the search makes on a plan of `size` rides: as many as KICK_WORK allows, at most MOST_KICKS. */
export function heuristicKicks(size: number): number {
  return Math.min(MOST_KICKS, Math.floor(KICK_WORK / size ** 3));
}

/** The order of rides (by number) the search ends with. The evaluation gives more kicks, to see what a longer search would find. */
export function heuristicDayOrder(day: VisitDay, kicks = heuristicKicks(day.size)): number[] {
  const own = Array.from({ length: day.size }, (_, i) => i);
  const starts = [earliestEndFirst(day), cheapestInsertion(day)];
  if (respectsPriority(day, own)) starts.push(own);
  const ends = starts.map((start) => dayEnd(day, start));
  let best = improve(day, starts[ends.indexOf(Math.min(...ends))]!);
  let bestEnd = dayEnd(day, best);
  const random = createRandom(KICK_SEED);
  for (let k = 0; k < kicks; k++) {
    const order = improve(day, kick(day, best, random));
    const end = dayEnd(day, order);
    if (end < bestEnd - IMPROVEMENT_EPSILON) {
      best = order;
      bestEnd = end;
    }
  }
  return best;
}

/**
 * Two neighbouring runs of the order exchanged (a double bridge), within the priority rides or within the others:
 * a change no single move of the local search makes, and that it does not simply undo.
 */
function kick(day: VisitDay, order: readonly number[], random: Random): number[] {
  const n = order.length;
  const boundary = priorityCount(day);
  const blocks = [
    [0, boundary],
    [boundary, n],
  ].filter(([from, to]) => to! - from! >= 3);
  if (blocks.length === 0) return [...order];
  const [from, to] = random.pick(blocks) as [number, number];
  const a = random.int(from, to - 2);
  const b = random.int(a + 1, to - 1);
  const c = random.int(b + 1, to);
  return [...order.slice(0, a), ...order.slice(b, c), ...order.slice(a, b), ...order.slice(c)];
}

/** How many priority rides the order must put first (0 when the member did not ask). */
function priorityCount(day: VisitDay): number {
  return day.input.priorityFirst ? day.input.rides.filter((ride) => ride.isPriority).length : 0;
}

/** Greedy: from where the member stands, the ride that would end soonest, each time (priority rides first when asked). */
function earliestEndFirst(day: VisitDay): number[] {
  const n = day.size;
  const done = new Uint8Array(n);
  const order: number[] = [];
  let prioritiesLeft = priorityCount(day);
  let at = day.input.arrivalMinute;
  let place = 0;
  while (order.length < n) {
    let chosen = -1;
    let chosenEnd = Infinity;
    for (let ride = 0; ride < n; ride++) {
      if (done[ride] || (prioritiesLeft > 0 && !day.input.rides[ride]!.isPriority)) continue;
      const end = day.finish(ride, at + day.walk[place * n + ride]!);
      if (end < chosenEnd) {
        chosen = ride;
        chosenEnd = end;
      }
    }
    done[chosen] = 1;
    order.push(chosen);
    if (prioritiesLeft > 0) prioritiesLeft--;
    at = chosenEnd;
    if (day.placeAfter[chosen]! >= 0) place = day.placeAfter[chosen]!;
  }
  return order;
}

/**
 * Each ride in the member's order put where it lengthens the day least so far: a start that follows the park's
 * geography more than the greedy one, which walks far at the end to fetch the rides it left behind.
 */
function cheapestInsertion(day: VisitDay): number[] {
  const order: number[] = [];
  let prioritiesPlaced = 0;
  const rides = Array.from({ length: day.size }, (_, i) => i);
  // Priority rides first, so that each one's allowed slots (before every other ride) exist when it is placed.
  const sequence = day.input.priorityFirst ? [...rides.filter((r) => day.input.rides[r]!.isPriority), ...rides.filter((r) => !day.input.rides[r]!.isPriority)] : rides;
  for (const ride of sequence) {
    const priority = day.input.priorityFirst && day.input.rides[ride]!.isPriority;
    const from = day.input.priorityFirst && !priority ? prioritiesPlaced : 0;
    const to = priority ? prioritiesPlaced : order.length;
    let bestSlot = from;
    let bestEnd = Infinity;
    for (let slot = from; slot <= to; slot++) {
      order.splice(slot, 0, ride);
      const end = dayEnd(day, order);
      order.splice(slot, 1);
      if (end < bestEnd) {
        bestSlot = slot;
        bestEnd = end;
      }
    }
    order.splice(bestSlot, 0, ride);
    if (priority) prioritiesPlaced++;
  }
  return order;
}

/**
 * Local search from `start`: or-opt (a run of one to three rides moved elsewhere), swaps of two rides and 2-opt
 * (a run reversed), the first move that shortens the day taken, until none does. A move only changes a window
 * of the order: the day up to it is the current order's, and past it, once the member stands where the current
 * order has them, the day can only be shorter if the window ended sooner (a ride reached later never ends
 * sooner), so most moves are refused after costing the window alone. With priorityFirst, a window stays within
 * the priority rides or within the others, which keeps every move's order allowed.
 */
function improve(day: VisitDay, start: readonly number[]): number[] {
  const n = day.size;
  const { finish, walk, placeAfter } = day;
  const boundary = priorityCount(day);
  const order = Int32Array.from(start);
  // Before position i of the current order: the minute and where the member stands. atBefore[n] is the day's end.
  const atBefore = new Float64Array(n + 1);
  const placeBefore = new Int32Array(n + 1);
  const window = new Int32Array(n);

  const settle = (from: number) => {
    for (let i = from; i < n; i++) {
      const ride = order[i]!;
      const place = placeBefore[i]!;
      atBefore[i + 1] = finish(ride, atBefore[i]! + walk[place * n + ride]!);
      placeBefore[i + 1] = placeAfter[ride]! >= 0 ? placeAfter[ride]! : place;
    }
  };
  atBefore[0] = day.input.arrivalMinute;
  settle(0);

  // Whether going on with the current order from position `from`, at `at` standing at `place`, ends the day sooner.
  const shortensFrom = (from: number, at: number, place: number): boolean => {
    for (let i = from; i < n; i++) {
      if (place === placeBefore[i] && at >= atBefore[i]! - IMPROVEMENT_EPSILON) return false;
      const ride = order[i]!;
      at = finish(ride, at + walk[place * n + ride]!);
      if (placeAfter[ride]! >= 0) place = placeAfter[ride]!;
    }
    return at < atBefore[n]! - IMPROVEMENT_EPSILON;
  };
  // Makes window[from..to − 1] the order's positions from..to − 1.
  const apply = (from: number, to: number) => {
    for (let i = from; i < to; i++) order[i] = window[i]!;
    settle(from);
  };
  // Costs the order with window[from..to − 1] in place of positions from..to − 1; applies it when shorter.
  const tryWindow = (from: number, to: number): boolean => {
    let at = atBefore[from]!;
    let place = placeBefore[from]!;
    for (let i = from; i < to; i++) {
      const ride = window[i]!;
      at = finish(ride, at + walk[place * n + ride]!);
      if (placeAfter[ride]! >= 0) place = placeAfter[ride]!;
    }
    if (!shortensFrom(to, at, place)) return false;
    apply(from, to);
    return true;
  };
  const allowed = (from: number, to: number) => boundary === 0 || to <= boundary || from >= boundary;

  for (let improved = true; improved; ) {
    improved = false;
    for (let length = 1; length <= LONGEST_MOVED_SEGMENT; length++) {
      for (let i = 0; i + length <= n; i++) {
        // The run order[i..i + length − 1] moved after the rides that follow it, one more each time: those are
        // costed once each, the run after them, then the rest until it meets the current order.
        let at = atBefore[i]!;
        let place = placeBefore[i]!;
        let moved = false;
        for (let slot = i + length + 1; slot <= n && allowed(i, slot) && !moved; slot++) {
          const passed = order[slot - 1]!;
          at = finish(passed, at + walk[place * n + passed]!);
          if (placeAfter[passed]! >= 0) place = placeAfter[passed]!;
          let runAt = at;
          let runPlace = place;
          for (let k = i; k < i + length; k++) {
            const ride = order[k]!;
            runAt = finish(ride, runAt + walk[runPlace * n + ride]!);
            if (placeAfter[ride]! >= 0) runPlace = placeAfter[ride]!;
          }
          if (shortensFrom(slot, runAt, runPlace)) {
            for (let k = 0; k < length; k++) window[slot - length + k] = order[i + k]!;
            for (let k = i + length; k < slot; k++) window[k - length] = order[k]!;
            apply(i, slot);
            moved = improved = true;
          }
        }
        // The run moved before the rides that precede it.
        for (let slot = i - 1; slot >= 0 && allowed(slot, i + length) && !moved; slot--) {
          for (let k = 0; k < length; k++) window[slot + k] = order[i + k]!;
          for (let k = slot; k < i; k++) window[k + length] = order[k]!;
          if (tryWindow(slot, i + length)) moved = improved = true;
        }
      }
    }
    // Two rides swapped.
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 2; j < n && allowed(i, j + 1); j++) {
        for (let k = i + 1; k < j; k++) window[k] = order[k]!;
        window[i] = order[j]!;
        window[j] = order[i]!;
        if (tryWindow(i, j + 1)) improved = true;
      }
    }
    // A run reversed.
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 2; j <= n && allowed(i, j); j++) {
        for (let k = i; k < j; k++) window[k] = order[i + j - 1 - k]!;
        if (tryWindow(i, j)) improved = true;
      }
    }
  }
  return Array.from(order);
}
