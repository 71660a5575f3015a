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
 * "Tableau de bord" (community §2): the six counters, the newest pending
 * parks and rides, the last log entries — four statements. Each pending
 * count is served by its (status, created_at) index; the members are counted
 * on profiles (200,000 on the large dataset: a fast index-only count), and
 * ratings are never counted.
 */
export async function readDashboard(db: Executor): Promise<DashboardData> {
  const [counts, pendingParks, pendingAttractions, recentLog] = await Promise.all([
    readCounts(db),
    listPendingParks(db),
    listPendingAttractions(db),
    listRecentModerationLog(db, DASHBOARD_LOG_LIMIT),
  ]);
  return { counts, pendingParks, pendingAttractions, recentLog };
}

async function readCounts(db: Executor): Promise<DashboardCounts> {
  const [row] = await queryRows<DashboardCounts>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM parks WHERE moderation_status = 'pending') AS "pendingParks",
      (SELECT count(*)::int FROM attractions WHERE moderation_status = 'pending') AS "pendingAttractions",
      (SELECT count(*)::int FROM park_suggestions WHERE status = 'pending') AS "pendingParkSuggestions",
      (SELECT count(*)::int FROM attraction_suggestions WHERE status = 'pending') AS "pendingAttractionSuggestions",
      (SELECT count(*)::int FROM profiles) AS "profiles",
      (SELECT count(*)::int FROM comment_reports WHERE status = 'pending') AS "pendingReports"`,
  );
  return row!;
}

type PendingRow = { id: string; name: string; park_name: string | null; creator_username: string | null; created_at: string | Date };

function pendingItemOf(row: PendingRow): PendingItem {
  return {
    id: row.id,
    name: row.name,
    parkName: row.park_name,
    creatorUsername: row.creator_username,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

async function listPendingParks(db: Executor): Promise<PendingItem[]> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`SELECT p.id, p.name, NULL AS park_name, c.username AS creator_username, p.created_at
      FROM parks p LEFT JOIN profiles c ON c.id = p.created_by
      WHERE p.moderation_status = 'pending'
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${DASHBOARD_PENDING_LIMIT}`,
  );
  return rows.map(pendingItemOf);
}

async function listPendingAttractions(db: Executor): Promise<PendingItem[]> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`SELECT a.id, a.name, p.name AS park_name, c.username AS creator_username, a.created_at
      FROM attractions a JOIN parks p ON p.id = a.park_id LEFT JOIN profiles c ON c.id = a.created_by
      WHERE a.moderation_status = 'pending'
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${DASHBOARD_PENDING_LIMIT}`,
  );
  return rows.map(pendingItemOf);
}
