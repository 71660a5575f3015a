import { sql } from "drizzle-orm";
import type { RideLogExportEntry } from "~/domain/ride-log-export";
import { queryRows, type Executor } from "../db/database";

type Row = {
  id: string;
  park_id: string;
  park_name: string;
  park_slug: string;
  ride_id: string;
  ride_name: string;
  ride_slug: string;
  ridden_on: string | null;
  times: number;
  note: string | null;
};

/**
 * The member's whole log for its export (docs/rules/ride-log.md#import-and-export), one statement: oldest first, the
 * unknown dates last, each entry with the ride it names (a relocated ride as itself: the member rode that one).
 */
export async function readRideLogExport(db: Executor, userId: string): Promise<RideLogExportEntry[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT e.id, p.id AS park_id, p.name AS park_name, p.slug AS park_slug, a.id AS ride_id, a.name AS ride_name,
        a.slug AS ride_slug, e.ridden_on::text AS ridden_on, e.times, e.note
      FROM ride_log_entries e JOIN attractions a ON a.id = e.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE e.user_id = ${userId}
      ORDER BY e.ridden_on NULLS LAST, p.name, a.name, e.created_at, e.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    park: { id: row.park_id, name: row.park_name, slug: row.park_slug },
    ride: { id: row.ride_id, name: row.ride_name, slug: row.ride_slug },
    date: row.ridden_on,
    times: row.times,
    note: row.note,
  }));
}
