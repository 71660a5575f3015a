/**
 * Keyset paging of the back office's lists (newest first): a page is read from
 * a cursor — the (created_at, id) of the last row shown — never with an
 * offset, so that page 2,000 of the ratings costs what page 1 does. The state
 * lives in the address: `?older=<cursor>` for the next page, `?newer=<cursor>`
 * for the previous one, with the list's own filters (`q`, `status`…) kept.
 */
import { isAcceptedOffset, isExistingDateTime } from "./cursor-bounds";
import { isUuid } from "./ids";

export const ADMIN_PAGE_SIZE = 20;

export type PageCursor = { at: string; id: string };
export type PageRequest = { direction: "older" | "newer"; cursor: PageCursor | null };
export type KeysetPage<Row> = { rows: Row[]; older: string | null; newer: string | null };
/** The type of a list's ids: members' are text (better-auth's), every other list's uuids. */
type ListIds = "uuid" | "text";

/** A PostgreSQL timestamp as text keeps its microseconds; JavaScript dates would lose them and skip rows. */
const CURSOR = /^((\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)?)~([A-Za-z0-9-]{1,64})$/;

export function encodeCursor(cursor: PageCursor): string {
  return `${cursor.at}~${cursor.id}`;
}

/**
 * The cursor, or null when malformed — or naming a time, or an id for a uuid list, that PostgreSQL
 * would refuse with an error (decision 0038).
 */
export function decodeCursor(value: string | null, ids: ListIds = "uuid"): PageCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(2, 8).map(Number) as [number, number, number, number, number, number];
  if (!isExistingDateTime(year, month, day, hour, minute, second)) return null;
  if (!isAcceptedOffset(Number(match[8] ?? 0), Number(match[9] ?? 0))) return null;
  const id = match[10]!;
  if (ids === "uuid" && !isUuid(id)) return null;
  return { at: match[1]!, id };
}

/** The page a list's address asks for; a malformed cursor reads as the first page. */
export function readPageRequest(params: URLSearchParams, ids: ListIds = "uuid"): PageRequest {
  const newer = decodeCursor(params.get("newer"), ids);
  if (newer) return { direction: "newer", cursor: newer };
  return { direction: "older", cursor: decodeCursor(params.get("older"), ids) };
}

/** The address of a neighbouring page: the current filters, one cursor. */
export function pageSearch(params: URLSearchParams, direction: "older" | "newer", cursor: string): string {
  const next = new URLSearchParams(params);
  next.delete("older");
  next.delete("newer");
  next.set(direction, cursor);
  return `?${next.toString()}`;
}

/** A list's search text from the address: trimmed, at most 100 characters, "" when absent. */
export function readSearchText(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, 100);
}
