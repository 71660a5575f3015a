import { sql } from "drizzle-orm";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import type { AdminSuggestionDetail, AdminSuggestionRow, SuggestionChange, SuggestionValue } from "~/domain/admin-suggestions";
import { isUuid } from "~/domain/ids";
import { fieldsChangedSince, suggestionFields, type SuggestionField, type SuggestionKind } from "~/domain/suggested-changes";
import { queryRows, type Executor } from "../db/database";
import { findSuggestionTarget } from "../suggestions/suggestion-targets";
import { keyset, keysetResult } from "./keyset";

const TABLES: Record<SuggestionKind, { table: string; target: string }> = {
  park: { table: "park_suggestions", target: "park_id" },
  attraction: { table: "attraction_suggestions", target: "attraction_id" },
};

type Row = AdminSuggestionRow & { cursorAt: string };

/** created_at as the screens read it: ISO in UTC, milliseconds. */
const isoTime = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One page of "Suggestions de modifications": the pending park and ride
 * suggestions merged, newest first, in one statement. Each side reads at most
 * a page and one row of its pending suggestions from the cursor on (keyset on
 * created_at, id), the merge keeps a page and one; names are joined to the
 * page's rows only. Moderated suggestions are history, never listed.
 */
export async function listPendingSuggestions(db: Executor, request: PageRequest): Promise<KeysetPage<AdminSuggestionRow>> {
  // A cursor's id is a suggestion's uuid; anything else is a forged address: the first page.
  const page: PageRequest = request.cursor && !isUuid(request.cursor.id) ? { direction: "older", cursor: null } : request;
  const side = (kind: SuggestionKind) => {
    const { table, target } = TABLES[kind];
    const t = sql.raw(table);
    const window = keyset(sql`${t}.created_at`, sql`${t}.id`, page);
    const where = window.where ? sql`AND ${window.where}` : sql``;
    return sql`(SELECT ${t}.id, ${t}.created_at, ${kind}::text AS kind, ${t}.suggested_by, ${sql.raw(`${table}.${target}`)} AS target_id
      FROM ${t} WHERE ${t}.status = 'pending' ${where}
      ORDER BY ${sql.join(window.orderBy, sql`, `)} LIMIT ${window.limit})`;
  };
  const merged = keyset(sql`m.created_at`, sql`m.id`, page);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT m.id, m.created_at::text AS "cursorAt", m.kind, ${isoTime("m.created_at")} AS "createdAt",
        p.username, coalesce(a.name, pk.name) AS "targetName", coalesce(ap.name, pk.name) AS "parkName"
      FROM (SELECT * FROM (${side("park")} UNION ALL ${side("attraction")}) m ORDER BY ${sql.join(merged.orderBy, sql`, `)} LIMIT ${merged.limit}) m
      JOIN profiles p ON p.id = m.suggested_by
      LEFT JOIN parks pk ON m.kind = 'park' AND pk.id = m.target_id
      LEFT JOIN attractions a ON m.kind = 'attraction' AND a.id = m.target_id
      LEFT JOIN parks ap ON ap.id = a.park_id
      ORDER BY ${sql.join(merged.orderBy, sql`, `)}`,
  );
  return keysetResult(rows, page);
}

type DetailRow = {
  id: string;
  targetId: string;
  userId: string;
  username: string;
  createdAt: string;
  reason: string;
  changes: Record<string, unknown>;
  original: Record<string, unknown>;
  targetName: string;
  path: string;
};

/**
 * One pending suggestion as the moderator reads it before deciding: each
 * changed field with the target's value today and the proposed one, and the
 * fields whose value changed since the member saw them (approving would
 * overwrite them). Null when there is no such pending suggestion (moderated
 * in another tab, or its target deleted with it).
 */
export async function findPendingSuggestion(db: Executor, kind: SuggestionKind, id: string): Promise<AdminSuggestionDetail | null> {
  if (!isUuid(id)) return null;
  const { table, target } = TABLES[kind];
  const t = sql.raw(table);
  const page =
    kind === "park"
      ? sql`SELECT pk.name AS "targetName", '/' || pk.slug AS path FROM parks pk WHERE pk.id = s.${sql.raw(target)}`
      : sql`SELECT a.name AS "targetName", '/' || ap.slug || '/' || a.slug AS path FROM attractions a JOIN parks ap ON ap.id = a.park_id WHERE a.id = s.${sql.raw(target)}`;
  const [row] = await queryRows<DetailRow>(
    db,
    sql`SELECT s.id, s.${sql.raw(target)} AS "targetId", s.suggested_by AS "userId", p.username, ${isoTime("s.created_at")} AS "createdAt",
        s.reason, s.suggested_changes AS changes, s.original_values AS original, named."targetName", named.path
      FROM ${t} s
      JOIN profiles p ON p.id = s.suggested_by
      CROSS JOIN LATERAL (${page}) named
      WHERE s.id = ${id} AND s.status = 'pending'`,
  );
  if (!row) return null;
  const found = await findSuggestionTarget(db, kind, row.targetId);
  const current = (found?.values ?? {}) as Record<string, unknown>;
  const changedMeanwhile = found ? (fieldsChangedSince(row.original, current) as SuggestionField[]) : [];
  const changes: SuggestionChange[] = suggestionFields(kind)
    .filter((field) => field in row.changes)
    .map((field) => ({
      field,
      current: storedValue(current[field]),
      proposed: storedValue(row.changes[field]),
      changedMeanwhile: changedMeanwhile.includes(field),
    }));
  return {
    kind,
    id: row.id,
    targetName: row.targetName,
    targetPath: found ? row.path : null,
    userId: row.userId,
    username: row.username,
    createdAt: row.createdAt,
    reason: row.reason,
    changes,
    changedMeanwhile: changes.filter((change) => change.changedMeanwhile).map((change) => change.field),
  };
}

/** Only what suggestions store is shown: text or a number; anything else in the JSON reads as empty. */
function storedValue(value: unknown): SuggestionValue {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
}
