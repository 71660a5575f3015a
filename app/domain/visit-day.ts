/**
 * The day a visit plan makes (docs/decisions/0081): how long a given order of the plan's rides takes, from the
 * member's arrival to the end of the last ride. The cost model the optimiser (app/domain/plan-order.ts) minimises.
 *
 * The model, each part stated so that the exact method can be exact for it:
 * - **Walking** from where the member stands to the next ride's queue: the straight-line (haversine) distance
 *   times PATH_DETOUR_FACTOR, at WALKING_METRES_PER_MINUTE. The day starts at the park's entrance. A ride
 *   without a position adds no walking of its own: the walk is counted between the positions known around it
 *   (as if it were on the way), and a park without a position counts no walk to the first placed ride. Both make
 *   the day's walking a lower bound, and the result says which rides it concerns.
 * - **Waiting**: the wait model's expected wait for the minute the queue is joined. It is read at each whole
 *   minute of the day, from the arrival to the day's last minute, and taken to vary linearly between two whole
 *   minutes (a wait given by the hour is then exact except within the minute before each hour); past the day's
 *   last minute it stays at that minute's. A minute without a figure (too few reports) counts DEFAULT_WAIT_MINUTES.
 * - **The member may idle before joining a queue.** Waits by hour are not first-in-first-out: a queue joined at
 *   11:59 for 60 minutes ends later than one joined at 12:00 for 20, and a member who sees a queue about to
 *   shorten waits for it rather than join it. So a ride reached at t is joined at the s ≥ t that makes
 *   s + wait(s) least, the earliest such s on a tie. The time a ride ends then never decreases with the time it is reached, which is what makes
 *   "the earliest time at each step" enough for the exact method (app/domain/plan-order-exact.ts).
 * - **Riding**: the ride's duration; a ride without one counts no time on it, as the plan's totals do
 *   (docs/rules/plans.md#totals).
 */
import { distanceKm, type GeoPoint } from "./distance";
import { WAIT_SECONDS_PER_RIDE } from "./visit-plan";

/** The wait of a ride nobody reported (docs/rules/plans.md#totals: 30 minutes). */
export const DEFAULT_WAIT_MINUTES = WAIT_SECONDS_PER_RIDE / 60;

/**
 * 4 km/h: slower than an adult's free walk (about 5 km/h), because a park's paths are crowded, walked with
 * children and broken by stops. A reasoned assumption, not a measurement; decision 0081 says how to check it.
 */
export const WALKING_METRES_PER_MINUTE = 4000 / 60;

/**
 * Park paths wind around buildings, water and fenced rides: the path between two queues is taken as 1.3 times
 * the straight line between them. With the speed above, 1 km in a straight line is 19.5 minutes.
 */
export const PATH_DETOUR_FACTOR = 1.3;

/** The day's last minute: the wait model is read up to it. */
const LAST_MINUTE_OF_DAY = 24 * 60 - 1;

/** One ride still to do. */
export type DayRide = {
  rideId: string;
  /** Where its queue starts; null when nobody placed the ride. */
  position: GeoPoint | null;
  /** As the plan's entries hold it (the catalogue's `duration`, in seconds); null when nobody entered it. */
  durationSeconds: number | null;
  isPriority: boolean;
};

/** The expected wait, in minutes, of a ride's queue joined at a minute of the day (600 = 10:00); null when too few reports say. */
export type WaitModel = (rideId: string, minuteOfDay: number) => number | null;

export type VisitDayInput = {
  /** The rides still to do, in the member's order. */
  rides: readonly DayRide[];
  expectedWait: WaitModel;
  /** The park's own position, where the day starts; null when the park has none. */
  entrance: GeoPoint | null;
  /** The minute of the day the member arrives at the entrance. */
  arrivalMinute: number;
  /** Every priority ride before every other ("priority rides in the morning"). */
  priorityFirst: boolean;
};

/**
 * A day ready to be costed: rides numbered 0..n − 1 in the member's order, places numbered 0 (the entrance) and
 * 1 + i (ride i). The optimisers call `finish` millions of times, so it reads flat typed arrays.
 */
export type VisitDay = {
  input: VisitDayInput;
  size: number;
  /** Walking minutes from place p to ride r at p · size + r; 0 when either has no position. */
  walk: Float64Array;
  /** Where the member stands after ride r: 1 + r, or −1 when the ride has no position (they stand where they were). */
  placeAfter: Int32Array;
  /** The time ride r ends when it is reached at `at` (minutes of the day), idling first when that ends it sooner. */
  finish: (ride: number, at: number) => number;
  /** The minute ride r's queue is joined when it is reached at `at`. */
  queueJoin: (ride: number, at: number) => number;
  /** The expected wait of ride r's queue joined at `at`, and whether the model had a figure for that minute. */
  waitAt: (ride: number, at: number) => { minutes: number; reported: boolean };
  rideMinutes: Float64Array;
};

/** The straight-line distance in metres: the project's one haversine (app/domain/distance.ts). */
function metresBetween(a: GeoPoint, b: GeoPoint): number {
  return distanceKm(a, b) * 1000;
}

function walkingMinutes(from: GeoPoint | null, to: GeoPoint | null): number {
  return from && to ? (metresBetween(from, to) * PATH_DETOUR_FACTOR) / WALKING_METRES_PER_MINUTE : 0;
}

/**
 * Reads the wait model once per ride and minute (from the arrival's minute to the day's last) and the places'
 * walks once, so that costing an order reads arrays only. Throws on a plan a caller should never pass: a ride
 * twice, an arrival outside the day, a wait that is negative or not a number.
 */
export function prepareVisitDay(input: VisitDayInput): VisitDay {
  const { rides, expectedWait, entrance, arrivalMinute } = input;
  const n = rides.length;
  if (new Set(rides.map((ride) => ride.rideId)).size !== n) throw new Error("a ride appears twice in the day");
  if (!(arrivalMinute >= 0 && arrivalMinute <= LAST_MINUTE_OF_DAY)) throw new Error("the arrival must be a minute of the day");

  const walk = new Float64Array((n + 1) * n);
  const placeAfter = new Int32Array(n);
  const rideMinutes = new Float64Array(n);
  const places = [entrance, ...rides.map((ride) => ride.position)];
  rides.forEach((ride, r) => {
    placeAfter[r] = ride.position ? 1 + r : -1;
    rideMinutes[r] = (ride.durationSeconds ?? 0) / 60;
    places.forEach((place, p) => (walk[p * n + r] = walkingMinutes(place, ride.position)));
  });

  // waits[r · span + k]: the wait of ride r joined at minute first + k. bestEnd[r · span + k]: the least
  // k' + waits[k'] over k' ≥ k (relative to `first`), and bestJoin the earliest k' that reaches it.
  const first = Math.floor(arrivalMinute);
  const span = LAST_MINUTE_OF_DAY - first + 1;
  const last = span - 1;
  const waits = new Float64Array(n * span);
  const reported = new Uint8Array(n * span);
  const bestEnd = new Float64Array(n * span);
  const bestJoin = new Int32Array(n * span);
  rides.forEach((ride, r) => {
    const row = r * span;
    for (let k = 0; k < span; k++) {
      const wait = expectedWait(ride.rideId, first + k);
      if (wait !== null && !(wait >= 0 && Number.isFinite(wait))) throw new Error(`the wait of ${ride.rideId} must be a number of minutes`);
      waits[row + k] = wait ?? DEFAULT_WAIT_MINUTES;
      reported[row + k] = wait === null ? 0 : 1;
    }
    bestEnd[row + last] = last + waits[row + last]!;
    bestJoin[row + last] = last;
    for (let k = last - 1; k >= 0; k--) {
      const now = k + waits[row + k]!;
      const later = bestEnd[row + k + 1]!;
      bestEnd[row + k] = now <= later ? now : later;
      bestJoin[row + k] = now <= later ? k : bestJoin[row + k + 1]!;
    }
  });

  const interpolatedWait = (row: number, x: number) => {
    if (x >= last) return waits[row + last]!;
    const k = Math.floor(x);
    return waits[row + k]! + (x - k) * (waits[row + k + 1]! - waits[row + k]!);
  };
  // The wait is linear between whole minutes, so s + wait(s) is too: its least value over s ≥ at is at `at`
  // itself or at a whole minute after it, which bestEnd holds. Past the last minute the wait is constant and
  // joining at once is best.
  const queueJoin = (ride: number, at: number) => {
    const x = at - first;
    if (x >= last) return at;
    const row = ride * span;
    const next = Math.floor(x) + 1;
    return first + bestEnd[row + next]! < at + interpolatedWait(row, x) ? first + bestJoin[row + next]! : at;
  };
  const finish = (ride: number, at: number) => {
    const x = at - first;
    const row = ride * span;
    if (x >= last) return at + waits[row + last]! + rideMinutes[ride]!;
    const k = Math.floor(x);
    const now = at + waits[row + k]! + (x - k) * (waits[row + k + 1]! - waits[row + k]!);
    const later = first + bestEnd[row + k + 1]!;
    return (now < later ? now : later) + rideMinutes[ride]!;
  };
  const waitAt = (ride: number, at: number) => {
    const x = Math.max(0, at - first);
    const row = ride * span;
    return { minutes: interpolatedWait(row, x), reported: reported[row + Math.min(last, Math.floor(x))] === 1 };
  };
  return { input, size: n, walk, placeAfter, finish, queueJoin, waitAt, rideMinutes };
}

/** Whether an order keeps every priority ride before every other, when the member asked for it. */
export function respectsPriority(day: VisitDay, order: ArrayLike<number>): boolean {
  if (!day.input.priorityFirst) return true;
  let othersBegun = false;
  for (let i = 0; i < order.length; i++) {
    const priority = day.input.rides[order[i]!]!.isPriority;
    if (priority && othersBegun) return false;
    if (!priority) othersBegun = true;
  }
  return true;
}

/** The minute an order of rides (by number) ends: what the optimisers compare. */
export function dayEnd(day: VisitDay, order: ArrayLike<number>): number {
  let at = day.input.arrivalMinute;
  let place = 0;
  for (let i = 0; i < order.length; i++) {
    const ride = order[i]!;
    at = day.finish(ride, at + day.walk[place * day.size + ride]!);
    if (day.placeAfter[ride]! >= 0) place = day.placeAfter[ride]!;
  }
  return at;
}

/** One ride of the day as the member lives it, in minutes of the day and minutes. */
type DayStep = {
  rideId: string;
  /** From the last place with a position; 0 when this ride or every place before it has none. */
  walkMinutes: number;
  /** Spent near the queue before joining it, because a shorter queue a little later ends sooner. */
  idleMinutes: number;
  queueMinute: number;
  waitMinutes: number;
  /** False when the model had no figure for that minute and DEFAULT_WAIT_MINUTES was counted. */
  waitReported: boolean;
  rideMinutes: number;
  endMinute: number;
};

export type DayTimeline = {
  steps: DayStep[];
  endMinute: number;
  /** From the arrival to the end of the last ride. */
  totalMinutes: number;
};

/** An order of rides (by number) step by step, as dayEnd costs it. */
export function dayTimeline(day: VisitDay, order: readonly number[]): DayTimeline {
  const { arrivalMinute, rides } = day.input;
  let at = arrivalMinute;
  let place = 0;
  const steps = order.map((ride): DayStep => {
    const walkMinutes = day.walk[place * day.size + ride]!;
    const reached = at + walkMinutes;
    const queueMinute = day.queueJoin(ride, reached);
    const wait = day.waitAt(ride, queueMinute);
    at = day.finish(ride, reached);
    if (day.placeAfter[ride]! >= 0) place = day.placeAfter[ride]!;
    return {
      rideId: rides[ride]!.rideId,
      walkMinutes,
      idleMinutes: queueMinute - reached,
      queueMinute,
      waitMinutes: wait.minutes,
      waitReported: wait.reported,
      rideMinutes: day.rideMinutes[ride]!,
      endMinute: at,
    };
  });
  return { steps, endMinute: at, totalMinutes: at - arrivalMinute };
}
