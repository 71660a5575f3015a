import { isExistingDateTime, isIntegerCount } from "~/domain/cursor-bounds";
import { isUuid } from "~/domain/ids";

/**
 * The keyset cursors of the park and ride pages' reviews (decision 0027):
 * the sort key of the last review shown, as base64url of a JSON array —
 * [helpful_count, created_at, id] for a park, [created_at, id] for a ride.
 * Anyone can edit an address, so every part is checked before it reaches
 * SQL: a count within PostgreSQL's integer (the helpful_count column's type:
 * a larger one would be an SQL error, decision 0038), a real UTC instant written as
 * the queries write it (microseconds kept: a JavaScript date would lose them
 * and skip rows), a uuid. Anything else decodes to null.
 */
export type ParkReviewCursor = { helpful: number; at: string; id: string };
export type RideReviewCursor = { at: string; id: string };

/** What `cursorInstant` (review-queries.ts) writes: to_char(created_at AT TIME ZONE 'UTC', …). */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
/** Longer than any real cursor (about 100 characters): not worth decoding. */
const CURSOR_MAX_LENGTH = 200;

export function encodeParkCursor(cursor: ParkReviewCursor): string {
  return encode([cursor.helpful, cursor.at, cursor.id]);
}

export function encodeRideCursor(cursor: RideReviewCursor): string {
  return encode([cursor.at, cursor.id]);
}

export function decodeParkCursor(value: string): ParkReviewCursor | null {
  const parts = decode(value);
  if (parts?.length !== 3) return null;
  const [helpful, at, id] = parts;
  if (!isIntegerCount(helpful) || !isInstant(at) || !isUuid(id as string)) return null;
  return { helpful, at: at as string, id: id as string };
}

export function decodeRideCursor(value: string): RideReviewCursor | null {
  const parts = decode(value);
  if (parts?.length !== 2) return null;
  const [at, id] = parts;
  if (!isInstant(at) || !isUuid(id as string)) return null;
  return { at: at as string, id: id as string };
}

function encode(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts), "utf8").toString("base64url");
}

function decode(value: string): unknown[] | null {
  if (value.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null; // not JSON: a hand-made address, answered as a bad cursor
  }
}

/** The pattern, and a date that exists (no 31 February, no 25:00): PostgreSQL would refuse those with an error. */
function isInstant(value: unknown): value is string {
  const match = typeof value === "string" ? INSTANT.exec(value) : null;
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return isExistingDateTime(year, month, day, hour, minute, second);
}
