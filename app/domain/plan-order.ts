/**
 * "Optimiser l'ordre" (docs/decisions/0081): the order of a visit plan's rides that ends the day soonest, against
 * the member's own, and what the proposal could not know. Exact up to EXACT_ORDER_MAX_RIDES rides, an iterated
 * local search above. Pure: it runs wherever the plan is, in the browser's lazy chunk or on the server.
 */
import { exactDayOrder } from "./plan-order-exact";
import { heuristicDayOrder } from "./plan-order-heuristic";
import { dayEnd, dayTimeline, prepareVisitDay, respectsPriority, type DayTimeline, type VisitDayInput } from "./visit-day";

/**
 * The largest plan ordered exactly: the exact method's worst case (every ride placed, no priority) stays under
 * 50 ms at this size on the machine decision 0081 measured it on, and more than doubles with every ride more.
 */
export const EXACT_ORDER_MAX_RIDES = 15;

type DayOrderProposal = {
  method: "exact" | "heuristic";
  /** The proposed order, by ride id: the member's own when nothing shorter was found. */
  order: string[];
  proposed: DayTimeline;
  /** The member's order as given. */
  own: DayTimeline;
  /**
   * own − proposed, in minutes: 0 when the member's order is already the shortest found. Negative only with
   * priorityFirst and an own order that does not keep it: then it is what keeping priority rides first costs.
   */
  savedMinutes: number;
  /** What the proposal could not know, so that the page can say it. */
  unknown: {
    /** The park has no position: the walk to the first placed ride is not counted. */
    parkWithoutPosition: boolean;
    /** Rides nobody placed: their walks are not counted (the walk is measured between the known places around them). */
    ridesWithoutPosition: string[];
    /** Rides of the proposed order whose wait at the minute they are reached came from too few reports: 30 minutes counted. */
    ridesWithoutWait: string[];
    /** Rides without a duration: no time on the ride counted. */
    ridesWithoutDuration: string[];
  };
};

export function proposeDayOrder(input: VisitDayInput): DayOrderProposal {
  const day = prepareVisitDay(input);
  const own = Array.from({ length: day.size }, (_, i) => i);
  const method = day.size <= EXACT_ORDER_MAX_RIDES ? "exact" : "heuristic";
  const found = method === "exact" ? exactDayOrder(day) : heuristicDayOrder(day);
  // A proposal that saves nothing would move the member's rides for no reason.
  const keepOwn = respectsPriority(day, own) && dayEnd(day, found) >= dayEnd(day, own);
  const order = keepOwn ? own : found;
  const proposed = dayTimeline(day, order);
  const ownTimeline = dayTimeline(day, own);
  return {
    method,
    order: proposed.steps.map((step) => step.rideId),
    proposed,
    own: ownTimeline,
    savedMinutes: ownTimeline.totalMinutes - proposed.totalMinutes,
    unknown: {
      parkWithoutPosition: input.entrance === null,
      ridesWithoutPosition: input.rides.filter((ride) => ride.position === null).map((ride) => ride.rideId),
      ridesWithoutWait: proposed.steps.filter((step) => !step.waitReported).map((step) => step.rideId),
      ridesWithoutDuration: input.rides.filter((ride) => ride.durationSeconds === null).map((ride) => ride.rideId),
    },
  };
}
