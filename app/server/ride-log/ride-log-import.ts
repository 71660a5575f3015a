import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import type { RefusalReason } from "~/domain/outcome";
import { latestRideDate } from "~/domain/ride-log";
import { parseRideLogCsv, type RideLogCsvLine } from "~/domain/ride-log-csv";
import { keptLineValue, type PreviewLine, type RideLogImportPreview } from "~/domain/ride-log-import";
import { queryRows, type Database, type Executor } from "../db/database";
import { idArray } from "../db/id-array";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { matchRideLogLines } from "./import-matching";
import { retallyRides } from "./ride-tallies";

/**
 * Importing a CSV into the ride log (docs/rules/ride-log.md#import-and-export): a preview that writes nothing, the
 * confirmation that writes the lines the member kept in one transaction, and the undoing of an import. The file's
 * text is read and matched again at the confirmation: what is written is what the server reads, never what a form
 * says a line holds.
 */

type Refused = { ok: false; reason: RefusalReason; errors: FieldMessage[]; preview?: RideLogImportPreview };
const refusal = (reason: RefusalReason, key: FieldMessage["key"]): Refused => ({ ok: false, reason, errors: [{ key }] });

/** The file's lines with their matches, or why the file cannot be imported. Reads only. */
export async function previewRideLogImport(db: Executor, csv: string, now = new Date()): Promise<{ ok: true; preview: RideLogImportPreview } | Refused> {
  const parsed = parseRideLogCsv(csv, latestRideDate(now));
  if (!parsed.ok) return { ok: false, reason: "invalid", errors: parsed.errors };
  return { ok: true, preview: { csv, lines: await matchRideLogLines(db, parsed.lines) } };
}

/** Refuses a suspended member, as every write of the log does. */
async function barred(db: Database, userId: string): Promise<Refused | null> {
  const message = await writeBarredMessage(db, userId);
  return message && { ok: false, reason: "forbidden", errors: [message] };
}

/** Writes the kept lines as entries of a new import, takes their rides off the wish list (kept to be put back), counts the tallies again. */
async function writeImport(tx: Executor, userId: string, lines: readonly PreviewLine[]): Promise<void> {
  const importId = randomUUID();
  await tx.execute(sql`INSERT INTO ride_log_imports (id, user_id, entry_count) VALUES (${importId}::uuid, ${userId}, ${lines.length})`);
  const entries = JSON.stringify(lines.map((line) => ({ ride_id: line.match!.rideId, ridden_on: line.riddenOn, times: line.times, note: line.note })));
  await tx.execute(sql`INSERT INTO ride_log_entries (id, user_id, attraction_id, ridden_on, times, note, import_id)
    SELECT gen_random_uuid(), ${userId}, e.ride_id, e.ridden_on, e.times, e.note, ${importId}::uuid
    FROM jsonb_to_recordset(${entries}::jsonb) AS e(ride_id uuid, ridden_on date, times int, note text)`);
  const rideIds = new Set(lines.map((line) => line.match!.rideId));
  await tx.execute(sql`WITH taken AS (
      DELETE FROM ride_wishes WHERE user_id = ${userId} AND attraction_id = ANY(${idArray(rideIds)}::uuid[])
      RETURNING attraction_id, created_at)
    INSERT INTO ride_log_import_wishes (import_id, attraction_id, wished_at) SELECT ${importId}::uuid, attraction_id, created_at FROM taken`);
  await retallyRides(tx, userId, rideIds);
}

/**
 * Imports the lines the member kept (`kept`: line → the ride the preview showed for it). The file is read and
 * matched again; a kept line whose match is no longer the one shown (the catalogue changed meanwhile) refuses the
 * whole import. One transaction: the allowance 'rideLogImport', the import, its entries, the wish list, the tallies
 * (and the credits, by trigger). A refusal of a file that reads comes back with its preview, the member's choices
 * in it, so that the page shows the lines again.
 */
export async function confirmRideLogImport(
  db: Database,
  user: CurrentUser,
  csv: string,
  kept: ReadonlyMap<number, string>,
  limits: WriteLimits = WRITE_LIMITS,
  now = new Date(),
): Promise<{ ok: true; entryCount: number } | Refused> {
  const parsed = parseRideLogCsv(csv, latestRideDate(now));
  if (!parsed.ok) return { ok: false, reason: "invalid", errors: parsed.errors };
  const answer = await importKeptLines(db, user, parsed.lines, kept, limits);
  if (answer.ok) return answer;
  const lines = answer.lines ?? (await matchRideLogLines(db, parsed.lines));
  return { ok: false, reason: answer.reason, errors: answer.errors, preview: { csv, lines, kept: [...kept].map(([line, rideId]) => keptLineValue(line, rideId)) } };
}

/** A refusal of the kept lines, with the file's lines as matched in the transaction when they were the reason. */
type RefusedWithLines = Refused & { lines?: PreviewLine[] };

/** The confirmation's checks and writes, once the file reads. */
async function importKeptLines(
  db: Database,
  user: CurrentUser,
  parsed: readonly RideLogCsvLine[],
  kept: ReadonlyMap<number, string>,
  limits: WriteLimits,
): Promise<{ ok: true; entryCount: number } | RefusedWithLines> {
  if (kept.size === 0) return refusal("invalid", "rideLog.import.errors.nothingKept");
  const refused = await barred(db, user.id);
  if (refused) return refused;
  return transactionOrRefusal<{ ok: true; entryCount: number }, RefusedWithLines>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "rideLogImport", limits))) refuse(refusal("tooMany", "rideLog.import.errors.tooMany"));
    const lines = await matchRideLogLines(tx, parsed);
    const byLine = new Map(lines.map((line) => [line.line, line]));
    const chosen = [...kept].map(([line, rideId]) => ({ line: byLine.get(line), rideId }));
    if (chosen.some(({ line, rideId }) => line?.match?.rideId !== rideId)) refuse({ ...refusal("conflict", "rideLog.import.errors.changed"), lines });
    await writeImport(tx, user.id, chosen.map(({ line }) => line!));
    return { ok: true, entryCount: chosen.length };
  });
}

/**
 * Undoes one of the member's imports: its entries go (as they are now, edited or not), the wishes it took off come
 * back, the tallies are counted again. Another member's import, or one already undone, does not exist for them.
 */
export async function undoRideLogImport(db: Database, user: CurrentUser, importId: string, limits: WriteLimits = WRITE_LIMITS): Promise<{ ok: true; entryCount: number } | Refused> {
  if (!isUuid(importId)) return refusal("notFound", "rideLog.import.errors.importNotFound");
  const refused = await barred(db, user.id);
  if (refused) return refused;
  return transactionOrRefusal<{ ok: true; entryCount: number }, Refused>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "rideLogImport", limits))) refuse(refusal("tooMany", "rideLog.import.errors.tooMany"));
    const [owned] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM ride_log_imports WHERE id = ${importId} AND user_id = ${user.id} FOR UPDATE`);
    if (!owned) refuse(refusal("notFound", "rideLog.import.errors.importNotFound"));
    const deleted = await queryRows<{ attraction_id: string }>(
      tx,
      sql`DELETE FROM ride_log_entries WHERE import_id = ${importId} AND user_id = ${user.id} RETURNING attraction_id`,
    );
    await tx.execute(sql`INSERT INTO ride_wishes (user_id, attraction_id, created_at)
      SELECT ${user.id}, attraction_id, wished_at FROM ride_log_import_wishes WHERE import_id = ${importId}
      ON CONFLICT DO NOTHING`);
    // Its kept wishes go with it (ON DELETE CASCADE).
    await tx.execute(sql`DELETE FROM ride_log_imports WHERE id = ${importId}`);
    await retallyRides(tx, user.id, deleted.map((row) => row.attraction_id));
    return { ok: true, entryCount: deleted.length };
  });
}
