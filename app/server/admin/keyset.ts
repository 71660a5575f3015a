import { sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, encodeCursor, type KeysetPage, type PageRequest } from "~/domain/admin-paging";

type Column = SQL | SQL.Aliased | { getSQL(): SQL } | object;

/**
 * The SQL of one keyset page over (created_at, id), newest first (see
 * app/domain/admin-paging.ts). `where` limits the rows to those after the
 * cursor in the page's direction — written so that the created_at index
 * serves it —, `orderBy` reads them from the cursor outwards, and `limit`
 * reads one row more than a page to know whether another page follows.
 * Select `cursorAt: cursorText(createdAt)` and `id` in the query, then hand
 * the rows to `keysetResult`.
 */
export function keyset(createdAt: Column, id: Column, page: PageRequest): { where: SQL | undefined; orderBy: SQL[]; limit: number } {
  const older = page.direction === "older";
  // NULLS LAST / FIRST as drizzle's `.desc()` indexes are built: PostgreSQL reads an index in
  // order only when the NULLS placement matches too, even on NOT NULL columns.
  const orderBy = older
    ? [sql`${createdAt} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`]
    : [sql`${createdAt} ASC NULLS FIRST`, sql`${id} ASC NULLS FIRST`];
  if (!page.cursor) return { where: undefined, orderBy, limit: ADMIN_PAGE_SIZE + 1 };
  const at = sql`${page.cursor.at}::timestamptz`;
  const where = older
    ? sql`(${createdAt} <= ${at} AND (${createdAt} < ${at} OR ${id} < ${page.cursor.id}))`
    : sql`(${createdAt} >= ${at} AND (${createdAt} > ${at} OR ${id} > ${page.cursor.id}))`;
  return { where, orderBy, limit: ADMIN_PAGE_SIZE + 1 };
}

/** created_at as PostgreSQL prints it, microseconds included: the cursor's time. */
export function cursorText(createdAt: Column): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

/**
 * A page from the rows `keyset` read (at most ADMIN_PAGE_SIZE + 1, in reading
 * order): newest first, with the cursors of the neighbouring pages (null when
 * there is none). The first page has no newer page.
 */
export function keysetResult<Row extends { cursorAt: string; id: string }>(rows: Row[], page: PageRequest): KeysetPage<Omit<Row, "cursorAt">> {
  const more = rows.length > ADMIN_PAGE_SIZE;
  const shown = rows.slice(0, ADMIN_PAGE_SIZE);
  if (page.direction === "newer") shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const hasOlder = page.direction === "older" ? more : page.cursor !== null;
  const hasNewer = page.direction === "newer" ? more : page.cursor !== null;
  return {
    rows: shown.map(withoutCursor),
    older: hasOlder && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    newer: hasNewer && first ? encodeCursor({ at: first.cursorAt, id: first.id }) : null,
  };
}

function withoutCursor<Row extends { cursorAt: string }>(row: Row): Omit<Row, "cursorAt"> {
  const copy: Partial<Row> = { ...row };
  delete copy.cursorAt;
  return copy as Omit<Row, "cursorAt">;
}

/** A row with its creation time as the screens carry it. */
export function withIsoDate<Row extends { createdAt: Date }>(row: Row): Omit<Row, "createdAt"> & { createdAt: string } {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
