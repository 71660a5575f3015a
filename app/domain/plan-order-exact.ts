/**
 * The shortest day exactly (docs/decisions/0081): dynamic programming over the subsets of rides done, in the
 * manner of Held and Karp's for the travelling salesman, with time-dependent costs.
 *
 * A state is (the rides done, where the member stands): the last ride with a position, or the entrance. Its value
 * is the earliest minute it can be reached. That is enough because, with idling allowed (app/domain/visit-day.ts),
 * a ride reached later never ends sooner: from a state, an earlier minute can do everything a later one can.
 * Rides without a position leave the member where they were, so they do not add places. States: 2ⁿ · (n + 1),
 * each tried with every ride not yet done; the time and the memory grow as 2ⁿ, which is why
 * app/domain/plan-order.ts uses this only up to EXACT_ORDER_MAX_RIDES rides.
 */
import type { VisitDay } from "./visit-day";

/** Beyond this the tables no longer fit a phone's memory (20 rides: 2²⁰ · 21 times of 8 bytes, 176 MB). */
const LARGEST_TABLE_RIDES = 20;

/** The order of rides (by number) that ends the day soonest; with priorityFirst, among those that keep it. */
export function exactDayOrder(day: VisitDay): number[] {
  const n = day.size;
  if (n > LARGEST_TABLE_RIDES) throw new Error(`the exact order takes at most ${LARGEST_TABLE_RIDES} rides`);
  const { walk, placeAfter, finish } = day;
  const places = n + 1;
  const everyRide = 2 ** n - 1;
  let priorityRides = 0;
  day.input.rides.forEach((ride, r) => {
    if (ride.isPriority) priorityRides |= 1 << r;
  });

  // earliest[done · places + place]; the ride that reached the state, and the place before it, to read the order back.
  const earliest = new Float64Array((everyRide + 1) * places).fill(Infinity);
  const lastRide = new Int8Array(earliest.length);
  const placeBefore = new Int8Array(earliest.length);
  earliest[0] = day.input.arrivalMinute;

  for (let done = 0; done < everyRide; done++) {
    const left = everyRide & ~done;
    const next = !day.input.priorityFirst || (done & priorityRides) === priorityRides ? left : left & priorityRides;
    for (let place = 0; place < places; place++) {
      if (place > 0 && (done & (1 << (place - 1))) === 0) continue;
      const at = earliest[done * places + place]!;
      if (at === Infinity) continue;
      const walkRow = place * n;
      for (let rest = next; rest !== 0; ) {
        const bit = rest & -rest;
        rest ^= bit;
        const ride = 31 - Math.clz32(bit);
        const end = finish(ride, at + walk[walkRow + ride]!);
        const state = (done | bit) * places + (placeAfter[ride]! >= 0 ? placeAfter[ride]! : place);
        if (end < earliest[state]!) {
          earliest[state] = end;
          lastRide[state] = ride;
          placeBefore[state] = place;
        }
      }
    }
  }

  let place = 0;
  for (let p = 1; p < places; p++) if (earliest[everyRide * places + p]! < earliest[everyRide * places + place]!) place = p;
  const order: number[] = [];
  for (let done = everyRide; done !== 0; ) {
    const state = done * places + place;
    const ride = lastRide[state]!;
    order.push(ride);
    place = placeBefore[state]!;
    done ^= 1 << ride;
  }
  return order.reverse();
}
