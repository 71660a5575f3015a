import { sql } from "drizzle-orm";
import {
  DASHBOARD_LOG_LIMIT,
  DASHBOARD_PENDING_LIMIT,
  type DashboardCounts,
  type DashboardData,
  type PendingItem,
} from "~/domain/admin-dashboard";
import { queryRows, type Executor } from "../db/database";
import { listRecentModerationLog } from "./moderation-log-queries";

/**
 * "Tableau de bord" (docs/rules/back-office.md#dashboard): the six counters, the newest pending
 * parks and rides, the last log entries — three statements. Each pending
 * count is served by its (status, created_at) index and counts only what waits;
 * the members are the count kept in site_counts by a trigger (decision 0059:
 * counting 200,000 profiles on each view made the dashboard grow with the
 * members), and ratings are never counted.
 */
export async function readDashboard(db: Executor): Promise<DashboardData> {
  const [counts, pending, recentLog] = await Promise.all([readCounts(db), listPending(db), listRecentModerationLog(db, DASHBOARD_LOG_LIMIT)]);
  return { counts, pendingParks: pending.parks, pendingAttractions: pending.attractions, recentLog };
}

async function readCounts(db: Executor): Promise<DashboardCounts> {
  const [row] = await queryRows<DashboardCounts>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM parks WHERE moderation_status = 'pending') AS "pendingParks",
      (SELECT count(*)::int FROM attractions WHERE moderation_status = 'pending') AS "pendingAttractions",
      (SELECT count(*)::int FROM park_suggestions WHERE status = 'pending') AS "pendingParkSuggestions",
      (SELECT count(*)::int FROM attraction_suggestions WHERE status = 'pending') AS "pendingAttractionSuggestions",
      (SELECT members FROM site_counts) AS "profiles",
      (SELECT count(*)::int FROM comment_reports WHERE status = 'pending') AS "pendingReports"`,
  );
  return row!;
}

/** A pending park or ride as the statement names its columns: the item, its kind, its time as the driver gives it. */
type PendingRow = Omit<PendingItem, "createdAt"> & { kind: "park" | "attraction"; createdAt: string | Date };

/**
 * The newest pending parks and rides, up to DASHBOARD_PENDING_LIMIT of each, in one statement
 * (the signed-in request's own statements included, the dashboard stays within six).
 */
async function listPending(db: Executor): Promise<{ parks: PendingItem[]; attractions: PendingItem[] }> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`(SELECT 'park' AS kind, p.id, p.name, NULL AS "parkName", c.username AS "creatorUsername", p.created_at AS "createdAt"
        FROM parks p LEFT JOIN profiles c ON c.id = p.created_by
        WHERE p.moderation_status = 'pending'
        ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${DASHBOARD_PENDING_LIMIT})
      UNION ALL
      (SELECT 'attraction' AS kind, a.id, a.name, p.name, c.username, a.created_at
        FROM attractions a JOIN parks p ON p.id = a.park_id LEFT JOIN profiles c ON c.id = a.created_by
        WHERE a.moderation_status = 'pending'
        ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST LIMIT ${DASHBOARD_PENDING_LIMIT})`,
  );
  const itemsOf = (kind: PendingRow["kind"]): PendingItem[] =>
    rows.flatMap(({ kind: rowKind, createdAt, ...item }) => (rowKind === kind ? [{ ...item, createdAt: new Date(createdAt).toISOString() }] : []));
  return { parks: itemsOf("park"), attractions: itemsOf("attraction") };
}
