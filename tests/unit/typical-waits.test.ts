import { describe, expect, it } from "vitest";
import { expectedWait, TYPICAL_WAIT_MIN_REPORTS, typicalWaitsOf, type WaitProfile } from "~/domain/typical-waits";
import { WAIT_SECONDS_PER_RIDE } from "~/domain/visit-plan";

/** A ride's typical waits and the wait a plan expects (docs/rules/waits.md#typical-waits, #expected-wait). */
describe("typical waits from the maintained sums", () => {
  it("keeps the hours with at least 3 reports, their mean to a tenth, weekdays first and by hour", () => {
    expect(TYPICAL_WAIT_MIN_REPORTS).toBe(3);
    expect(
      typicalWaitsOf([
        { dayType: "weekend", hour: 11, reports: 4, minutesSum: 130 },
        { dayType: "weekday", hour: 15, reports: 3, minutesSum: 100 },
        { dayType: "weekday", hour: 9, reports: 2, minutesSum: 40 },
        { dayType: "weekday", hour: 10, reports: 5, minutesSum: 101 },
        { dayType: "weekend", hour: 10, reports: 0, minutesSum: 0 },
      ]),
    ).toEqual([
      { dayType: "weekday", hour: 10, minutes: 20.2, reports: 5 },
      { dayType: "weekday", hour: 15, minutes: 33.3, reports: 3 },
      { dayType: "weekend", hour: 11, minutes: 32.5, reports: 4 },
    ]);
    expect(typicalWaitsOf([])).toEqual([]);
  });
});

describe("the wait a plan expects", () => {
  const profile: WaitProfile = [
    { dayType: "weekday", hour: 10, minutes: 20, reports: 3 },
    { dayType: "weekday", hour: 11, minutes: 40, reports: 5 },
    { dayType: "weekday", hour: 14, minutes: 50, reports: 3 },
    { dayType: "weekend", hour: 10, minutes: 60, reports: 3 },
  ];
  const at = (hours: number, minutes: number) => hours * 60 + minutes;

  it("is the plan's 30 minutes, said to be the default, where the hour has too few reports or none", () => {
    expect(WAIT_SECONDS_PER_RIDE).toBe(1800);
    expect(expectedWait(profile, "weekday", at(9, 59))).toEqual({ seconds: 1800, isDefault: true });
    expect(expectedWait(profile, "weekday", at(12, 0))).toEqual({ seconds: 1800, isDefault: true });
    expect(expectedWait(profile, "weekend", at(11, 0))).toEqual({ seconds: 1800, isDefault: true });
    expect(expectedWait([], "weekday", at(10, 30))).toEqual({ seconds: 1800, isDefault: true });
    // A cell below the minimum is never used, even if a caller passes one.
    expect(expectedWait([{ dayType: "weekday", hour: 10, minutes: 5, reports: 2 }], "weekday", at(10, 30))).toEqual({ seconds: 1800, isDefault: true });
  });

  it("is the hour's mean at the middle of the hour, and the mean alone when no neighbouring hour has one", () => {
    expect(expectedWait(profile, "weekday", at(10, 30))).toEqual({ seconds: 20 * 60, isDefault: false });
    expect(expectedWait(profile, "weekday", at(14, 0))).toEqual({ seconds: 50 * 60, isDefault: false });
    expect(expectedWait(profile, "weekday", at(14, 59))).toEqual({ seconds: 50 * 60, isDefault: false });
    expect(expectedWait(profile, "weekend", at(10, 5))).toEqual({ seconds: 60 * 60, isDefault: false });
  });

  it("moves linearly toward the neighbouring hour's mean, meeting it halfway at the turn of the hour", () => {
    // 10:45 is a quarter of the way from 10:30 to 11:30: 20 + (40 − 20) × 0.25.
    expect(expectedWait(profile, "weekday", at(10, 45))).toEqual({ seconds: 25 * 60, isDefault: false });
    // Both sides of 11:00 give the midpoint, 30 minutes: no jump at the turn of the hour.
    expect(expectedWait(profile, "weekday", at(11, 0))).toEqual({ seconds: 30 * 60, isDefault: false });
    expect(expectedWait(profile, "weekday", at(10, 59)).seconds).toBeCloseTo(30 * 60 - 20, -1);
    // 11:15 is a quarter of the way back toward 10:30: 40 − 20 × 0.25.
    expect(expectedWait(profile, "weekday", at(11, 15))).toEqual({ seconds: 35 * 60, isDefault: false });
  });

  it("reads minutes outside a day as its first or last minute", () => {
    expect(expectedWait(profile, "weekday", -10)).toEqual(expectedWait(profile, "weekday", 0));
    expect(expectedWait(profile, "weekday", 24 * 60 + 5)).toEqual(expectedWait(profile, "weekday", 24 * 60 - 1));
  });
});
