import { sql, type SQL } from "drizzle-orm";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import { commentPreview, type AdminReviewRow, type ReviewKind } from "~/domain/admin-reviews";
import { isUuid } from "~/domain/ids";
import { queryRows, type Executor } from "../db/database";
import { parkRatingScore } from "../db/park-rating-score";
import { containsPattern } from "./like-pattern";
import { keyset, keysetResult } from "./keyset";

export type ReviewListRequest = { search: string; type: ReviewKind | null; page: PageRequest };

/** A row as the statement gives it: its cursor's time, and the score as PostgreSQL's numeric may come (a string). */
type Row = Omit<AdminReviewRow, "score"> & { cursorAt: string; score: number | string };

/**
 * One page of "Gestion des avis": park and ride reviews merged, newest first,
 * in one statement. Each side reads at most a page and one row from its own
 * created_at index from the cursor on (keyset), so PostgreSQL merges two short
 * index scans and page 100,000 costs what page 1 does; names are joined to the
 * page's rows only. A username search limits both sides to the matching members.
 */
export async function listReviews(db: Executor, request: ReviewListRequest): Promise<KeysetPage<AdminReviewRow>> {
  // A cursor's id is a review's uuid; anything else is a forged address: the first page.
  const page: PageRequest = request.page.cursor && !isUuid(request.page.cursor.id) ? { direction: "older", cursor: null } : request.page;
  const authors = request.search
    ? sql`user_id IN (SELECT id FROM profiles WHERE lower(username) LIKE ${containsPattern(request.search)})`
    : undefined;
  const side = (table: "park_ratings" | "attraction_ratings", kind: ReviewKind, target: SQL, score: SQL) => {
    const t = sql.raw(table);
    const window = keyset(sql`${t}.created_at`, sql`${t}.id`, page);
    const conditions = [window.where, authors].filter((condition): condition is SQL => condition !== undefined);
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    return sql`(SELECT ${t}.id, ${t}.created_at, ${kind}::text AS type, ${t}.user_id, ${target} AS target_id,
        ${score} AS score, left(${t}.comment, 200) AS comment, ${t}.hidden_at IS NOT NULL AS hidden
      FROM ${t} ${where}
      ORDER BY ${sql.join(window.orderBy, sql`, `)} LIMIT ${window.limit})`;
  };
  const sides: SQL[] = [];
  if (request.type !== "attraction") sides.push(side("park_ratings", "park", sql`park_ratings.park_id`, sql`round(${parkRatingScore("park_ratings")}, 1)::float8`));
  if (request.type !== "park") sides.push(side("attraction_ratings", "attraction", sql`attraction_ratings.attraction_id`, sql`attraction_ratings.rating::float8`));
  const merged = keyset(sql`m.created_at`, sql`m.id`, page);

  const rows = await queryRows<Row>(
    db,
    sql`SELECT m.id, m.created_at::text AS "cursorAt", m.type, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
        m.user_id AS "userId", p.username, coalesce(a.name, pk.name) AS "targetName", coalesce(ap.name, pk.name) AS "parkName",
        m.score, m.comment, m.hidden
      FROM (SELECT * FROM (${sql.join(sides, sql` UNION ALL `)}) m ORDER BY ${sql.join(merged.orderBy, sql`, `)} LIMIT ${merged.limit}) m
      JOIN profiles p ON p.id = m.user_id
      LEFT JOIN parks pk ON m.type = 'park' AND pk.id = m.target_id
      LEFT JOIN attractions a ON m.type = 'attraction' AND a.id = m.target_id
      LEFT JOIN parks ap ON ap.id = a.park_id
      ORDER BY ${sql.join(merged.orderBy, sql`, `)}`,
  );
  return keysetResult(
    rows.map((row) => ({ ...row, score: Number(row.score), comment: commentPreview(row.comment) })),
    page,
  );
}
