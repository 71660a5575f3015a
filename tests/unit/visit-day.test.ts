import { describe, expect, it } from "vitest";
import type { GeoPoint } from "~/domain/distance";
import {
  DEFAULT_WAIT_MINUTES,
  PATH_DETOUR_FACTOR,
  WALKING_METRES_PER_MINUTE,
  dayEnd,
  dayTimeline,
  prepareVisitDay,
  respectsPriority,
  type DayRide,
  type VisitDayInput,
  type WaitModel,
} from "~/domain/visit-day";

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const ENTRANCE: GeoPoint = { latitude: 49.134, longitude: 2.571 };
/** A point due north of the entrance: along a meridian the haversine distance is exactly the metres given. */
const north = (metres: number): GeoPoint => ({ latitude: ENTRANCE.latitude + metres / METRES_PER_DEGREE, longitude: ENTRANCE.longitude });
const walked = (metres: number) => (metres * PATH_DETOUR_FACTOR) / WALKING_METRES_PER_MINUTE;
const ride = (rideId: string, position: GeoPoint | null, durationMinutes: number | null = 5, isPriority = false): DayRide => ({
  rideId,
  position,
  durationSeconds: durationMinutes === null ? null : durationMinutes * 60,
  isPriority,
});
const waits =
  (byRide: Record<string, number | null | ((minute: number) => number | null)>): WaitModel =>
  (rideId, minute) => {
    const wait = byRide[rideId];
    return typeof wait === "function" ? wait(minute) : (wait ?? null);
  };
const day = (rides: DayRide[], expectedWait: WaitModel, overrides: Partial<VisitDayInput> = {}) =>
  prepareVisitDay({ rides, expectedWait, entrance: ENTRANCE, arrivalMinute: 600, priorityFirst: false, ...overrides });

describe("the day's cost", () => {
  it("walks at 4 km/h on 1.3 times the straight line: 1 km is 19.5 minutes", () => {
    expect(walked(1000)).toBeCloseTo(19.5, 12);
    const timeline = dayTimeline(day([ride("a", north(1000), 3)], waits({ a: 10 })), [0]);
    expect(timeline.steps[0]!.walkMinutes).toBeCloseTo(19.5, 9);
    expect(timeline.totalMinutes).toBeCloseTo(19.5 + 10 + 3, 9);
  });

  it("idles before a queue whose wait drops at noon, and ends 40 minutes sooner for it", () => {
    const noonDrop = (minute: number) => (minute < 720 ? 60 : 5);
    // Reached at 11:45: joined at once it ends at 12:45 + 5; joined at 12:00 it ends at 12:05 + 5.
    const visit = day([ride("n", null)], waits({ n: noonDrop }), { arrivalMinute: 705 });
    const [step] = dayTimeline(visit, [0]).steps;
    expect(step).toMatchObject({ idleMinutes: 15, queueMinute: 720, waitMinutes: 5, waitReported: true, endMinute: 730 });
    expect(dayEnd(visit, [0])).toBe(730);
  });

  it("joins at once when the later queue would not end sooner", () => {
    const smallDrop = (minute: number) => (minute < 720 ? 30 : 28);
    const [step] = dayTimeline(day([ride("n", null)], waits({ n: smallDrop }), { arrivalMinute: 710 }), [0]).steps;
    expect(step).toMatchObject({ idleMinutes: 0, queueMinute: 710, waitMinutes: 30, endMinute: 745 });
  });

  it("takes the wait as linear between whole minutes", () => {
    const [step] = dayTimeline(day([ride("r", null, 0)], waits({ r: (minute) => (minute === 600 ? 10 : 20) }), { arrivalMinute: 600.5 }), [0]).steps;
    expect(step!.waitMinutes).toBeCloseTo(15, 12);
    expect(step!.endMinute).toBeCloseTo(615.5, 12);
  });

  it("keeps the day's last minute's wait after midnight", () => {
    const visit = day([ride("a", null, 10), ride("b", null, 10)], waits({ a: 50, b: (minute) => (minute === 1439 ? 7 : 40) }), { arrivalMinute: 1420 });
    // a ends at 1420 + 60 = 1480, past the day's last minute; b then waits what it waited at 23:59.
    expect(dayEnd(visit, [0, 1])).toBe(1480 + 7 + 10);
  });

  it("measures the walk between the known places around a ride without a position", () => {
    const visit = day([ride("a", north(600)), ride("x", null), ride("b", north(200))], waits({ a: 10, x: 10, b: 10 }));
    const walks = dayTimeline(visit, [0, 1, 2]).steps.map((step) => step.walkMinutes);
    expect(walks[0]).toBeCloseTo(walked(600), 9);
    expect(walks[1]).toBe(0);
    expect(walks[2]).toBeCloseTo(walked(400), 9);
  });

  it("counts no walk to the first placed ride of a park without a position", () => {
    const visit = day([ride("a", north(600)), ride("b", north(200))], waits({ a: 10, b: 10 }), { entrance: null });
    const walks = dayTimeline(visit, [0, 1]).steps.map((step) => step.walkMinutes);
    expect(walks[0]).toBe(0);
    expect(walks[1]).toBeCloseTo(walked(400), 9);
  });

  it("counts 30 minutes where the model has no figure, and no time on a ride without a duration", () => {
    const timeline = dayTimeline(day([ride("a", null, null), ride("b", null, 4)], waits({ a: null, b: (minute) => (minute < 620 ? null : 12) })), [0, 1]);
    expect(DEFAULT_WAIT_MINUTES).toBe(30);
    expect(timeline.steps.map((step) => [step.waitMinutes, step.waitReported, step.rideMinutes])).toEqual([
      [30, false, 0],
      [12, true, 4],
    ]);
    expect(timeline.totalMinutes).toBe(30 + 12 + 4);
  });

  it("knows whether an order keeps the priority rides first", () => {
    const rides = [ride("a", null, 5, true), ride("b", null), ride("c", null, 5, true)];
    const asked = day(rides, waits({}), { priorityFirst: true });
    expect(respectsPriority(asked, [0, 2, 1])).toBe(true);
    expect(respectsPriority(asked, [0, 1, 2])).toBe(false);
    expect(respectsPriority(day(rides, waits({})), [0, 1, 2])).toBe(true);
  });

  it("refuses a ride twice, an arrival outside the day and a negative wait", () => {
    expect(() => day([ride("a", null), ride("a", null)], waits({}))).toThrow();
    expect(() => day([ride("a", null)], waits({}), { arrivalMinute: 1440 })).toThrow();
    expect(() => day([ride("a", null)], waits({ a: -1 }))).toThrow();
  });
});
