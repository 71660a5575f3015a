import { WAIT_SECONDS_PER_RIDE } from "./visit-plan";
import type { WaitDayType } from "./wait-reports";

/**
 * A ride's typical waits (docs/rules/waits.md#typical-waits, decision 0082): the mean of its members' reports by day
 * type and hour of local time, shown only where enough reports back it; and the wait a plan expects at a given time
 * (docs/rules/waits.md#expected-wait), the plan's fixed 30 minutes (docs/rules/plans.md#totals) where reports are too few.
 */

/**
 * The fewest reports an hour's typical wait rests on. One report is one member's one visit: with three, no single
 * member (nor a single bad day) makes the figure alone, and a ride that a few members report on a few days gets its
 * busiest hours filled within a season.
 */
export const TYPICAL_WAIT_MIN_REPORTS = 3;

/** A cell of the maintained sums (ride_typical_waits): how many reports, and their minutes added up. */
export type WaitCellSums = { dayType: WaitDayType; hour: number; reports: number; minutesSum: number };

/** One hour's typical wait: the mean of its reports in minutes (one decimal), and how many reports it rests on. */
type TypicalWait = { dayType: WaitDayType; hour: number; minutes: number; reports: number };

/** A ride's typical waits: only the hours with enough reports, weekdays first, each day type by hour. */
export type WaitProfile = readonly TypicalWait[];

/** Whether an hour has enough reports for its typical wait to be shown and used. */
function hasEnoughReports(reports: number): boolean {
  return reports >= TYPICAL_WAIT_MIN_REPORTS;
}

/** The typical waits the sums give: the hours below TYPICAL_WAIT_MIN_REPORTS are left out. */
export function typicalWaitsOf(cells: readonly WaitCellSums[]): WaitProfile {
  return cells
    .filter((cell) => hasEnoughReports(cell.reports))
    .map((cell) => ({ dayType: cell.dayType, hour: cell.hour, minutes: Math.round((cell.minutesSum / cell.reports) * 10) / 10, reports: cell.reports }))
    .sort((a, b) => (a.dayType === b.dayType ? a.hour - b.hour : a.dayType === "weekday" ? -1 : 1));
}

/** The wait a plan expects at a ride: in seconds, and whether it is the fixed default rather than the members' reports. */
type ExpectedWait = { seconds: number; isDefault: boolean };

const MINUTES_PER_DAY = 24 * 60;

/**
 * The wait expected at a ride reached at `minuteOfDay` (minutes since local midnight, 0–1439, in the park's time as the
 * member's plan reads it) on a day of `dayType` (docs/rules/waits.md#expected-wait):
 *
 * - the hour holding that minute has no typical wait (too few reports): the default, WAIT_SECONDS_PER_RIDE;
 * - otherwise its typical wait, read as the wait at the middle of the hour, moved linearly toward the next or the
 *   previous hour's when that hour has one too — so that the expected wait does not jump at the turn of each hour.
 */
export function expectedWait(profile: WaitProfile, dayType: WaitDayType, minuteOfDay: number): ExpectedWait {
  const minute = Math.min(Math.max(Math.floor(minuteOfDay), 0), MINUTES_PER_DAY - 1);
  const hour = Math.floor(minute / 60);
  const minutesAt = (at: number) => profile.find((cell) => cell.dayType === dayType && cell.hour === at && hasEnoughReports(cell.reports))?.minutes;
  const own = minutesAt(hour);
  if (own === undefined) return { seconds: WAIT_SECONDS_PER_RIDE, isDefault: true };
  // How far the minute is from the middle of its hour, in hours (−0.5 to under 0.5): the share of the way to the
  // neighbouring hour's middle that its wait is moved by.
  const fromMiddle = minute / 60 - (hour + 0.5);
  const neighbour = minutesAt(fromMiddle < 0 ? hour - 1 : hour + 1);
  const minutes = neighbour === undefined ? own : own + (neighbour - own) * Math.abs(fromMiddle);
  return { seconds: Math.round(minutes * 60), isDefault: false };
}
