import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { checkWaitReport, type WaitReportAnswer, type WaitReportFields } from "~/domain/wait-reports";
import { queryRows, type Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { publicRide } from "../catalog/visibility";
import { consumeWriteAllowanceOfMember, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

type Refused = Extract<WaitReportAnswer, { ok: false }>;

/**
 * Records the wait a member had at a ride (docs/rules/waits.md#reporting-a-wait): checked against the rules when the
 * server's clock reads `now`, then one transaction under the member's allowance (whose statement also reads their
 * standing: a suspended member is refused, the transaction rolled back and the allowance given back), and one
 * statement that writes the report if the ride is published and operating.
 *
 * Once per hour (docs/rules/waits.md#once-per-hour): the member's report of the same ride in the same local hour is
 * replaced, unless it happened later than this one — a report kept offline that arrives after a newer one of the hour
 * changes nothing. The typical waits move with the report in the same transaction (trigger ride_wait_reports_count).
 * A report sent again (the offline outbox resending after a lost answer) replaces itself: counted once.
 */
export async function reportWait(
  db: Database,
  user: CurrentUser,
  fields: WaitReportFields,
  limits: WriteLimits = WRITE_LIMITS,
  now: Date = new Date(),
): Promise<WaitReportAnswer> {
  const checked = checkWaitReport(fields, now);
  if (!checked.ok) return checked;
  const { report } = checked;
  if (!isUuid(report.rideId)) return { ok: false, error: "waits.errors.rideNotFound" };
  return transactionOrRefusal<WaitReportAnswer, Refused>(db, async (tx, refuse) => {
    const { allowed, suspension } = await consumeWriteAllowanceOfMember(tx, user.id, "waitReport", limits);
    if (suspension !== null) return refuse({ ok: false, error: "auth.errors.suspended", values: { reason: suspension } });
    if (!allowed) return refuse({ ok: false, error: "waits.errors.tooMany" });
    const [written] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`INSERT INTO ride_wait_reports AS r (user_id, attraction_id, wait_minutes, happened_at, utc_offset)
        SELECT ${user.id}, attractions.id, ${report.minutes}, ${report.instant.toISOString()}::timestamptz, ${report.utcOffset}
        FROM attractions JOIN parks ON parks.id = attractions.park_id
        WHERE attractions.id = ${report.rideId} AND ${publicRide()} AND attractions.status = 'operating'
        ON CONFLICT (user_id, attraction_id, local_hour) DO UPDATE
          SET wait_minutes = excluded.wait_minutes, happened_at = excluded.happened_at, utc_offset = excluded.utc_offset, received_at = now()
          WHERE r.happened_at <= excluded.happened_at
        RETURNING (xmax = 0) AS inserted`,
    );
    const answer = (outcome: "added" | "replaced" | "superseded"): WaitReportAnswer => ({
      ok: true,
      report: { rideId: report.rideId, minutes: report.minutes, happenedAt: report.happenedAt, dayType: report.dayType, hour: report.hour },
      outcome,
    });
    if (written) return answer(written.inserted ? "added" : "replaced");
    // Nothing written: the ride is not one a report may name, or a later report of the member's holds the hour.
    const [ride] = await queryRows<{ status: string }>(
      tx,
      sql`SELECT attractions.status FROM attractions JOIN parks ON parks.id = attractions.park_id WHERE attractions.id = ${report.rideId} AND ${publicRide()}`,
    );
    if (!ride) return refuse({ ok: false, error: "waits.errors.rideNotFound" });
    if (ride.status !== "operating") return refuse({ ok: false, error: "waits.errors.rideNotOperating" });
    return answer("superseded");
  });
}
