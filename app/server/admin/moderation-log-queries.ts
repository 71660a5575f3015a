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
  moderator_username: string | null;
  details: string | null;
  created_at: string | Date;
  cursor_at: string;
};

/** target_id is text (a member's id is not a uuid): cast only what looks like a uuid, so a stray value cannot fail the page. */
const UUID_TEXT = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/**
 * The columns of a log entry, read in the same statement as the rows: the
 * moderator's username and the target's current name, each by primary key,
 * so a page costs one statement whatever it shows. `l` is moderation_logs,
 * `m` the moderator's profile (left-joined: a deleted moderator leaves null).
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
  END AS target_name`;

const FROM_LOG = sql`FROM moderation_logs l LEFT JOIN profiles m ON m.id = l.moderator_id`;

function entryOf(row: LogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
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
