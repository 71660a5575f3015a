import { sql, type SQL } from "drizzle-orm";
import type { ModerationLogEntry, ModerationLogFilters } from "~/domain/admin-dashboard";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import type { ModerationTargetType } from "~/domain/moderation-log";
import { queryRows, type Executor } from "../db/database";
import { cursorText, keyset, keysetResult } from "./keyset";

type LogRow = {
  id: string;
  action: string;
  target_type: ModerationTargetType;
  target_id: string;
  target_name: string | null;
  target_author: string | null;
  moderator_username: string | null;
  details: string | null;
  created_at: string | Date;
  cursor_at: string;
};

/** target_id is text (a member's id is not a uuid): cast only what looks like a uuid, so a stray value cannot fail the page. */
const UUID_TEXT = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/** A report `r` and its review, `pr` when a park's, `ar` when a ride's. */
const REPORTED_REVIEW = sql`FROM comment_reports r
  LEFT JOIN park_ratings pr ON r.comment_type = 'park' AND pr.id = r.comment_id
  LEFT JOIN attraction_ratings ar ON r.comment_type = 'attraction' AND ar.id = r.comment_id`;

/**
 * The columns of a log entry, read in the same statement as the rows: the
 * moderator's username and the target's current name, each by primary key,
 * so a page costs one statement whatever it shows. `l` is moderation_logs,
 * `m` the moderator's profile (left-joined: a deleted moderator leaves null).
 * A report names the reviewed park or ride and the review's author; a
 * suggestion, its park or ride and its author.
 */
const ENTRY_COLUMNS = sql`
  l.id, l.action_type AS action, l.target_type, l.target_id, l.action_details AS details,
  l.created_at, ${cursorText(sql`l.created_at`)} AS cursor_at, m.username AS moderator_username,
  CASE
    WHEN l.target_type = 'park' AND l.target_id ~ ${UUID_TEXT}
      THEN (SELECT p.name FROM parks p WHERE p.id = l.target_id::uuid)
    WHEN l.target_type = 'attraction' AND l.target_id ~ ${UUID_TEXT}
      THEN (SELECT a.name FROM attractions a WHERE a.id = l.target_id::uuid)
    WHEN l.target_type = 'user'
      THEN (SELECT u.username FROM profiles u WHERE u.id = l.target_id)
    WHEN l.target_type = 'comment_report' AND l.target_id ~ ${UUID_TEXT}
      THEN (SELECT COALESCE(p.name, a.name) ${REPORTED_REVIEW} LEFT JOIN parks p ON p.id = pr.park_id
              LEFT JOIN attractions a ON a.id = ar.attraction_id WHERE r.id = l.target_id::uuid)
    WHEN l.target_type = 'suggestion' AND l.target_id ~ ${UUID_TEXT}
      THEN COALESCE(
        (SELECT p.name FROM park_suggestions s JOIN parks p ON p.id = s.park_id WHERE s.id = l.target_id::uuid),
        (SELECT a.name FROM attraction_suggestions s JOIN attractions a ON a.id = s.attraction_id WHERE s.id = l.target_id::uuid))
  END AS target_name,
  CASE
    WHEN l.target_type = 'comment_report' AND l.target_id ~ ${UUID_TEXT}
      THEN (SELECT u.username ${REPORTED_REVIEW} JOIN profiles u ON u.id = COALESCE(pr.user_id, ar.user_id) WHERE r.id = l.target_id::uuid)
    WHEN l.target_type = 'suggestion' AND l.target_id ~ ${UUID_TEXT}
      THEN (SELECT u.username FROM profiles u WHERE u.id = COALESCE(
        (SELECT s.suggested_by FROM park_suggestions s WHERE s.id = l.target_id::uuid),
        (SELECT s.suggested_by FROM attraction_suggestions s WHERE s.id = l.target_id::uuid)))
  END AS target_author`;

const FROM_LOG = sql`FROM moderation_logs l LEFT JOIN profiles m ON m.id = l.moderator_id`;

function entryOf(row: LogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    targetAuthor: row.target_author,
    moderatorUsername: row.moderator_username,
    details: row.details,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The last `limit` log entries, newest first (the dashboard's recent activity): one statement. */
export async function listRecentModerationLog(db: Executor, limit: number): Promise<ModerationLogEntry[]> {
  const rows = await queryRows<LogRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} ${FROM_LOG} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
  );
  return rows.map(entryOf);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * "Journal de modération": every entry, newest first, one keyset page at a
 * time (app/server/admin/keyset.ts), filtered by action, by target type and
 * by the moderator's username (contains, any case): one statement. The
 * action and target filters are served by their (column, created_at) indexes.
 */
export async function listModerationLog(
  db: Executor,
  filters: ModerationLogFilters,
  page: PageRequest,
): Promise<KeysetPage<ModerationLogEntry>> {
  const paging = keyset(sql`l.created_at`, sql`l.id`, page);
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(sql`l.action_type = ${filters.action}`);
  if (filters.targetType) conditions.push(sql`l.target_type = ${filters.targetType}`);
  if (filters.moderator) conditions.push(sql`m.username ILIKE ${`%${escapeLike(filters.moderator)}%`}`);
  if (paging.where) conditions.push(paging.where);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const rows = await queryRows<LogRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} ${FROM_LOG} ${where} ORDER BY ${sql.join(paging.orderBy, sql`, `)} LIMIT ${paging.limit}`,
  );
  return keysetResult(
    rows.map((row) => ({ ...entryOf(row), cursorAt: row.cursor_at })),
    page,
  );
}
