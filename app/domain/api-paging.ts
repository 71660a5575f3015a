import { isIntegerCount } from "./cursor-bounds";
import { PARK_SORTS } from "./park-list";

/**
 * Keyset paging of the public API's park list (decision 0036). A page ends with the position of its
 * last park in the list's order; the next page starts strictly after it, so parks added or re-rated
 * between two requests never make a walk repeat or skip the others (an OFFSET would).
 */

/**
 * The home page's sorts that order by a column of the park. A sort that needs the visitor's own place
 * (distance) means nothing to an anonymous, cached API answer: it is left out.
 */
export type ApiParkSort = Exclude<(typeof PARK_SORTS)[number], "distance">;
export const API_PARK_SORTS = PARK_SORTS.filter((sort): sort is ApiParkSort => sort !== ("distance" as string)) as [
  ApiParkSort,
  ...ApiParkSort[],
];

export const API_PAGE_SIZE_DEFAULT = 24;
export const API_PAGE_SIZE_MAX = 100;

/**
 * The sort whose value is a count, an `integer` column (parks.attractions_count); the others are
 * averages (numeric). A fraction or a number past the integer range, compared with an integer
 * column, is an SQL error rather than a miss: such a cursor is refused (decision 0038).
 */
const COUNT_SORTS: readonly ApiParkSort[] = ["attractions_count"];

/** Where a page stopped: the sort it was in, the sort value (null: unrated, listed last), the rating count and the id. */
export type ParkCursor = { sort: ApiParkSort; value: number | null; ratingCount: number; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque to clients (base64url of a small JSON array), so its inside may change without breaking them. */
export function encodeParkCursor(cursor: ParkCursor): string {
  const json = JSON.stringify([cursor.sort, cursor.value, cursor.ratingCount, cursor.id]);
  return base64UrlOf(json);
}

/** The cursor, or null for anything that is not one this API wrote. */
export function decodeParkCursor(text: string): ParkCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textOfBase64Url(text));
  } catch {
    // Not base64url of JSON: not one of ours; the caller answers 400.
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [sort, value, ratingCount, id] = parsed as unknown[];
  if (!(API_PARK_SORTS as readonly unknown[]).includes(sort)) return null;
  if (!(value === null || isSortValue(sort as ApiParkSort, value))) return null;
  if (!isIntegerCount(ratingCount)) return null;
  if (typeof id !== "string" || !UUID.test(id)) return null;
  return { sort: sort as ApiParkSort, value, ratingCount, id };
}

function isSortValue(sort: ApiParkSort, value: unknown): value is number {
  if (COUNT_SORTS.includes(sort)) return isIntegerCount(value);
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1_000_000;
}

// btoa/atob work the same in Node and browsers; the JSON is ASCII (sort names, digits, a uuid).
function base64UrlOf(ascii: string): string {
  return btoa(ascii).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function textOfBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
  return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
}
