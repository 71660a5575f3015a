/**
 * What a decoded cursor may hand to SQL (decision 0038). Cursors come back in addresses anyone can
 * edit; a number past its column's type, or a date that does not exist, makes PostgreSQL raise an
 * error — a 500 with the statement in the log — where a bad cursor must be refused or ignored.
 */

/** PostgreSQL's `integer`: counts (helpful votes, ratings, rides) are stored in it. */
export const INTEGER_MAX = 2_147_483_647;

/** A count as an `integer` column holds it: a whole number from 0 to INTEGER_MAX. */
export function isIntegerCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= INTEGER_MAX;
}

/**
 * A calendar date and time of day that exists (no 30 February, no 25:00), years 1000–9999 as the
 * cursors write them; `timestamptz` refuses the others with an error.
 */
export function isExistingDateTime(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (year < 1000 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** A UTC offset `timestamptz` accepts: at most 15:59 either way. */
export function isAcceptedOffset(hours: number, minutes: number): boolean {
  return hours <= 15 && minutes <= 59;
}
