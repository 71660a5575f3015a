import { describe, expect, it } from "vitest";
import {
  checkWaitReport,
  dayTypeOfDate,
  localIsoTime,
  parseWaitTime,
  WAIT_CLOCK_SKEW_MS,
  WAIT_MINUTES_MAX,
  WAIT_REPORT_MAX_AGE_DAYS,
  waitCellOf,
  waitReportFieldsOf,
} from "~/domain/wait-reports";

/** A wait report's rules (docs/rules/waits.md#reporting-a-wait). */
const RIDE = "0b7c2f4e-9a51-4c1e-8f3a-2d6b7e8c9d01";
/** Tuesday 14 July 2026, 12:00 in Paris. */
const NOW = new Date("2026-07-14T10:00:00Z");
const check = (minutes: number | string, happenedAt = "2026-07-14T10:25:00+02:00") => checkWaitReport({ rideId: RIDE, minutes, happenedAt }, NOW);

describe("a report's time", () => {
  it("reads an ISO 8601 time with its offset, or Z, as an instant and an offset in minutes", () => {
    expect(parseWaitTime("2026-07-14T10:25:00+02:00")).toEqual({ instant: new Date("2026-07-14T08:25:00Z"), utcOffset: 120 });
    expect(parseWaitTime("2026-07-14T10:25+05:30")).toEqual({ instant: new Date("2026-07-14T04:55:00Z"), utcOffset: 330 });
    expect(parseWaitTime("2026-07-14T10:25:07.5-04:00")).toEqual({ instant: new Date("2026-07-14T14:25:07.500Z"), utcOffset: -240 });
    expect(parseWaitTime("2026-07-14T08:25:00.000Z")).toEqual({ instant: new Date("2026-07-14T08:25:00Z"), utcOffset: 0 });
  });

  it("refuses a time without an offset, an offset no place has, and a calendar time that does not exist", () => {
    for (const text of ["2026-07-14T10:25:00", "2026-07-14 10:25:00+02:00", "2026-07-14", "2026-07-14T10:25:00+15:00", "2026-07-14T10:25:00-13:00", "2026-07-14T10:25:00+02:60", "2026-02-30T10:00:00Z", "2026-07-14T24:00:00Z", "2026-07-14T10:60:00Z", ""]) {
      expect(parseWaitTime(text), text).toBeNull();
    }
  });

  it("counts in the hour and day type of its local time", () => {
    expect(waitCellOf(new Date("2026-07-14T08:25:00Z"), 120)).toEqual({ dayType: "weekday", hour: 10 });
    // Saturday 23:40 in New York is Sunday 03:40 UTC.
    expect(waitCellOf(new Date("2026-07-12T03:40:00Z"), -240)).toEqual({ dayType: "weekend", hour: 23 });
    // Monday 00:30 in Paris is Sunday 22:30 UTC.
    expect(waitCellOf(new Date("2026-07-12T22:30:00Z"), 120)).toEqual({ dayType: "weekday", hour: 0 });
    expect(["2026-07-10", "2026-07-11", "2026-07-12", "2026-07-13"].map(dayTypeOfDate)).toEqual(["weekday", "weekend", "weekend", "weekday"]);
    expect(dayTypeOfDate("2026-02-30")).toBeNull();
  });

  it("is written by the device with its own offset, and read back as the same instant", () => {
    const date = new Date("2026-07-14T08:25:13.000Z");
    const written = localIsoTime(date);
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(parseWaitTime(written)).toEqual({ instant: date, utcOffset: -date.getTimezoneOffset() || 0 });
  });
});

describe("a report's fields", () => {
  it("has the rules' bounds: 300 minutes, 5 minutes of clock skew, 7 days", () => {
    expect([WAIT_MINUTES_MAX, WAIT_CLOCK_SKEW_MS, WAIT_REPORT_MAX_AGE_DAYS]).toEqual([300, 5 * 60 * 1000, 7]);
  });

  it("takes whole minutes from 0 to 300, as a number or a typed text", () => {
    expect(check(25)).toEqual({
      ok: true,
      report: { rideId: RIDE, minutes: 25, happenedAt: "2026-07-14T10:25:00+02:00", instant: new Date("2026-07-14T08:25:00Z"), utcOffset: 120, dayType: "weekday", hour: 10 },
    });
    for (const minutes of [0, 300, " 45 ", "0"]) expect(check(minutes).ok, String(minutes)).toBe(true);
  });

  it("refuses a negative wait, one over 5 hours, one that is no number, and a fraction of a minute", () => {
    for (const minutes of [-1, 301, 3000, "beaucoup", "", "-5", Number.NaN]) {
      expect(check(minutes), String(minutes)).toEqual({ ok: false, error: "waits.errors.minutes", values: { max: "300" } });
    }
    for (const minutes of [12.5, "12,5", "0.1"]) expect(check(minutes), String(minutes)).toEqual({ ok: false, error: "waits.errors.minutesWhole" });
  });

  it("refuses a time more than 5 minutes ahead of the server's clock, or more than 7 days old", () => {
    expect(check(25, "2026-07-14T12:05:00+02:00").ok).toBe(true);
    expect(check(25, "2026-07-14T12:05:01+02:00")).toEqual({ ok: false, error: "waits.errors.future" });
    expect(check(25, "2026-07-07T12:00:00+02:00").ok).toBe(true);
    expect(check(25, "2026-07-07T11:59:59+02:00")).toEqual({ ok: false, error: "waits.errors.tooOld", values: { days: "7" } });
    expect(check(25, "hier")).toEqual({ ok: false, error: "waits.errors.time" });
  });

  it("reads the address's body: a ride, minutes and a time, or nothing a page of ours would send", () => {
    expect(waitReportFieldsOf({ rideId: RIDE, minutes: 25, happenedAt: "2026-07-14T10:25:00+02:00", extra: 1 })).toEqual({ rideId: RIDE, minutes: 25, happenedAt: "2026-07-14T10:25:00+02:00" });
    for (const body of [null, "texte", { rideId: RIDE, minutes: 25 }, { rideId: 4, minutes: 25, happenedAt: "x" }, { rideId: RIDE, minutes: null, happenedAt: "x" }, { rideId: RIDE, minutes: true, happenedAt: "x" }]) {
      expect(waitReportFieldsOf(body)).toBeNull();
    }
  });
});
