/**
 * A member's report of the wait they had at a ride (docs/rules/waits.md#reporting-a-wait, decision 0082): how many
 * minutes, and when, in the local time of the device that reported it. Declared here, not in app/server: the page and
 * its offline outbox build the same report.
 */

/** The longest wait a report may give, in minutes (5 hours): anything longer is a typing mistake or a joke. */
export const WAIT_MINUTES_MAX = 300;

/** How far ahead of the server's clock the time of a report may be: a phone's clock is seldom off by more. */
export const WAIT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The oldest report taken, in days: the offline outbox sends a visit's reports within days of it. */
export const WAIT_REPORT_MAX_AGE_DAYS = 7;

/** The offsets from UTC that local times have (UTC−12:00 to UTC+14:00), in minutes. */
export const UTC_OFFSET_MIN = -12 * 60;
export const UTC_OFFSET_MAX = 14 * 60;

/** The day types typical waits are kept by (docs/rules/waits.md#typical-waits); school holidays are not told apart. */
export const WAIT_DAY_TYPES = ["weekday", "weekend"] as const;
export type WaitDayType = (typeof WAIT_DAY_TYPES)[number];

/** A report as the page sends it: `minutes` as typed or chosen, `happenedAt` an ISO 8601 time with its UTC offset. */
export type WaitReportFields = { rideId: string; minutes: number | string; happenedAt: string };

/** A report checked: its whole minutes, the instant it happened, and the local hour (and day type) it counts in. */
type WaitReport = {
  rideId: string;
  minutes: number;
  /** As sent: the device's local time with its offset. */
  happenedAt: string;
  instant: Date;
  /** The device's offset from UTC at that time, in minutes (+120 for Paris in summer). */
  utcOffset: number;
  dayType: WaitDayType;
  /** The hour of local time, 0–23. */
  hour: number;
};

type WaitReportFieldError =
  | "waits.errors.minutes"
  | "waits.errors.minutesWhole"
  | "waits.errors.time"
  | "waits.errors.future"
  | "waits.errors.tooOld";

/** A report's refusal keys (docs/rules/waits.md#messages). */
export type WaitReportErrorKey =
  | WaitReportFieldError
  | "waits.errors.unauthenticated"
  | "waits.errors.badRequest"
  | "waits.errors.rideNotFound"
  | "waits.errors.rideNotOperating"
  | "waits.errors.tooMany"
  | "waits.errors.save";

/**
 * What a report answers. `outcome`: the report was added to its hour, replaced the member's earlier report of that
 * hour, or was not counted because a report of theirs that happened later in the same hour stands
 * (docs/rules/waits.md#once-per-hour).
 */
export type WaitReportAnswer =
  | {
      ok: true;
      report: { rideId: string; minutes: number; happenedAt: string; dayType: WaitDayType; hour: number };
      outcome: "added" | "replaced" | "superseded";
    }
  | { ok: false; error: WaitReportErrorKey; values?: Record<string, string> }
  | { ok: false; error: "auth.errors.suspended"; values: { reason: string } };

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * The instant and UTC offset of an ISO 8601 time that states its offset ("2026-07-14T10:25:00+02:00", or "…Z" for
 * UTC), or null for anything else: a time without an offset says nothing of the hour it was where it happened.
 */
export function parseWaitTime(text: string): { instant: Date; utcOffset: number } | null {
  const match = ISO_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", fraction = "0", utc, sign, offsetHours, offsetMinutes] = match;
  const utcOffset = utc ? 0 : (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (utcOffset < UTC_OFFSET_MIN || utcOffset > UTC_OFFSET_MAX || Number(offsetMinutes ?? 0) >= 60) return null;
  const fields = [Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)] as const;
  const local = new Date(Date.UTC(...fields, Number(fraction.padEnd(3, "0"))));
  // A calendar time that does not exist (30 February, 24:00) comes back as another one.
  const read = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()];
  if (read.some((value, index) => value !== fields[index])) return null;
  return { instant: new Date(local.getTime() - utcOffset * 60_000), utcOffset };
}

/** The day type of a day of the week (0 Sunday … 6 Saturday, as Date.getUTCDay gives it): Saturday and Sunday are the weekend. */
function dayTypeOfWeekday(weekday: number): WaitDayType {
  return weekday === 0 || weekday === 6 ? "weekend" : "weekday";
}

/** The day type of a calendar day written YYYY-MM-DD (the day of a visit, for the plan): null for anything else. */
export function dayTypeOfDate(day: string): WaitDayType | null {
  const parsed = parseWaitTime(`${day}T12:00Z`);
  return parsed ? dayTypeOfWeekday(parsed.instant.getUTCDay()) : null;
}

/**
 * The local hour and day type an instant counts in, seen from a UTC offset: the same as the database's generated
 * `local_hour` column (app/server/db/schema.ts), which the unique index and the typical waits' cells are keyed by.
 */
export function waitCellOf(instant: Date, utcOffset: number): { dayType: WaitDayType; hour: number } {
  const local = new Date(instant.getTime() + utcOffset * 60_000);
  return { dayType: dayTypeOfWeekday(local.getUTCDay()), hour: local.getUTCHours() };
}

/**
 * The time `date` is on this device, as an ISO 8601 time with the device's own UTC offset
 * ("2026-07-14T10:25:00+02:00"): what a report sends as `happenedAt`, taken when the wait ends, so that a report kept
 * offline still counts in the hour it happened.
 */
export function localIsoTime(date: Date): string {
  const offset = -date.getTimezoneOffset() || 0;
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  return `${local}${sign}${hours}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
}

/** Whole minutes from a number or a typed text; NaN for anything that is no number at all. */
function minutesOf(value: number | string): number {
  if (typeof value === "number") return value;
  const text = value.trim();
  return /^-?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
}

/**
 * A report's fields checked against the rules (docs/rules/waits.md#reporting-a-wait) when the server's clock reads
 * `now`: whole minutes from 0 to WAIT_MINUTES_MAX; a time with its offset, at most WAIT_CLOCK_SKEW_MS ahead of `now` and
 * at most WAIT_REPORT_MAX_AGE_DAYS behind it. The first reason it breaks one, or the report.
 */
export function checkWaitReport(fields: WaitReportFields, now: Date): { ok: true; report: WaitReport } | { ok: false; error: WaitReportFieldError; values?: Record<string, string> } {
  const minutes = minutesOf(fields.minutes);
  if (!Number.isFinite(minutes) || minutes < 0 || minutes > WAIT_MINUTES_MAX) return { ok: false, error: "waits.errors.minutes", values: { max: String(WAIT_MINUTES_MAX) } };
  if (!Number.isInteger(minutes)) return { ok: false, error: "waits.errors.minutesWhole" };
  const time = parseWaitTime(fields.happenedAt);
  if (!time) return { ok: false, error: "waits.errors.time" };
  if (time.instant.getTime() > now.getTime() + WAIT_CLOCK_SKEW_MS) return { ok: false, error: "waits.errors.future" };
  if (time.instant.getTime() < now.getTime() - WAIT_REPORT_MAX_AGE_DAYS * 24 * 3600 * 1000) {
    return { ok: false, error: "waits.errors.tooOld", values: { days: String(WAIT_REPORT_MAX_AGE_DAYS) } };
  }
  return {
    ok: true,
    report: { rideId: fields.rideId, minutes, happenedAt: fields.happenedAt, instant: time.instant, utcOffset: time.utcOffset, ...waitCellOf(time.instant, time.utcOffset) },
  };
}

/** The body of a report as its address takes it (a JSON body), or null when a page of ours would not send it. */
export function waitReportFieldsOf(body: unknown): WaitReportFields | null {
  if (typeof body !== "object" || body === null) return null;
  const { rideId, minutes, happenedAt } = body as Record<string, unknown>;
  if (typeof rideId !== "string" || typeof happenedAt !== "string") return null;
  if (typeof minutes !== "number" && typeof minutes !== "string") return null;
  return { rideId, minutes, happenedAt };
}
