import { sql } from "drizzle-orm";
import { RIDE_LOG_IMPORT_ENTRIES_LISTED, RIDE_LOG_IMPORTS_LISTED, type RideLogImportSummary } from "~/domain/ride-log-import";
import { queryRows, type Executor } from "../db/database";

type Row = {
  id: string;
  entry_count: number;
  created_at: Date | string;
  park_name: string | null;
  ride_name: string | null;
  ridden_on: string | null;
  times: number | null;
};

/**
 * The member's latest imports, newest first, each with the number of entries it still holds (the member may have
 * deleted some since) and its first entries (by date, the unknown ones last), for the import page to list with
 * 'Annuler l'import': one statement.
 */
export async function listRideLogImports(db: Executor, userId: string): Promise<RideLogImportSummary[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT i.id, i.created_at, e.park_name, e.ride_name, e.ridden_on, e.times,
        (SELECT count(*)::int FROM ride_log_entries c WHERE c.import_id = i.id) AS entry_count
      FROM (SELECT id, created_at FROM ride_log_imports WHERE user_id = ${userId}
        ORDER BY created_at DESC, id LIMIT ${RIDE_LOG_IMPORTS_LISTED}) i
      LEFT JOIN LATERAL (
        SELECT p.name AS park_name, a.name AS ride_name, e.ridden_on::text AS ridden_on, e.times
        FROM ride_log_entries e JOIN attractions a ON a.id = e.attraction_id JOIN parks p ON p.id = a.park_id
        WHERE e.import_id = i.id
        ORDER BY e.ridden_on NULLS LAST, p.name, a.name, e.id
        LIMIT ${RIDE_LOG_IMPORT_ENTRIES_LISTED}
      ) e ON true
      ORDER BY i.created_at DESC, i.id, e.ridden_on NULLS LAST, e.park_name, e.ride_name`,
  );
  const imports = new Map<string, RideLogImportSummary>();
  for (const row of rows) {
    let summary = imports.get(row.id);
    if (!summary) {
      const createdAt = row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString();
      imports.set(row.id, (summary = { id: row.id, entryCount: row.entry_count, createdAt, entries: [] }));
    }
    if (row.park_name !== null) summary.entries.push({ parkName: row.park_name, rideName: row.ride_name!, riddenOn: row.ridden_on, times: row.times! });
  }
  return [...imports.values()];
}
