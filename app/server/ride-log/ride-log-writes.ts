import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import type { RideLogAnswer, RideLogEntry, RideLogSettings, RideLogSettingsAnswer } from "~/domain/ride-log";
import type { Database, Transaction } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { parks, profiles, rideLogEntries, rideWishes, rides } from "../db/schema";
import { publicRide } from "../catalog/visibility";
import { consumeWriteAllowanceOfMember, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { readOwnRideLog } from "./own-ride-log";
import { retallyRides } from "./ride-tallies";

type Refused = Extract<RideLogAnswer, { ok: false }>;
type Answer = RideLogAnswer | RideLogSettingsAnswer;

/**
 * The log's writes (docs/rules/ride-log.md#logging-a-ride): each one transaction under the member's allowance, the
 * tallies counted again in it, answering the ride's log as it now stands. A member only ever reaches their own
 * entries: every statement names them. The member's standing is read in the allowance's statement: a suspended
 * member is refused (whatever their allowance), the transaction rolled back.
 */
async function underAllowance<A extends Answer>(
  db: Database,
  user: CurrentUser,
  limits: WriteLimits,
  work: (tx: Transaction, refuse: (outcome: Refused) => never) => Promise<A>,
): Promise<A | Refused> {
  return transactionOrRefusal<A, Refused>(db, async (tx, refuse) => {
    const { allowed, suspension } = await consumeWriteAllowanceOfMember(tx, user.id, "rideLog", limits);
    if (suspension !== null) return refuse({ ok: false, error: "auth.errors.suspended", values: { reason: suspension } });
    if (!allowed) return refuse({ ok: false, error: "rideLog.errors.tooMany" });
    return work(tx, refuse);
  });
}

/** Whether everyone sees the ride (an approved ride of an approved park): the only rides a log names. */
async function isLoggableRide(tx: Transaction, rideId: string): Promise<boolean> {
  const found = await tx
    .select({ one: sql`1` })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(and(eq(rides.id, rideId), publicRide()));
  return found.length > 0;
}

/**
 * Logs a ride: a new entry with the id the member's device chose. The same entry sent again (a resend from the
 * offline outbox whose answer was lost) changes nothing and answers the log; an id another entry holds is refused.
 * A ride logged leaves the member's wish list.
 */
export async function logRide(db: Database, user: CurrentUser, rideId: string, entry: RideLogEntry, limits: WriteLimits = WRITE_LIMITS): Promise<RideLogAnswer> {
  if (!isUuid(rideId)) return { ok: false, error: "rideLog.errors.rideNotFound" };
  if (!isUuid(entry.id)) return { ok: false, error: "rideLog.errors.id" };
  return underAllowance(db, user, limits, async (tx, refuse) => {
    if (!(await isLoggableRide(tx, rideId))) return refuse({ ok: false, error: "rideLog.errors.rideNotFound" });
    const inserted = await tx
      .insert(rideLogEntries)
      .values({ id: entry.id, userId: user.id, rideId, riddenOn: entry.riddenOn, times: entry.times, note: entry.note })
      .onConflictDoNothing({ target: rideLogEntries.id })
      .returning({ id: rideLogEntries.id });
    if (inserted.length === 0) {
      const [held] = await tx.select({ userId: rideLogEntries.userId, rideId: rideLogEntries.rideId }).from(rideLogEntries).where(eq(rideLogEntries.id, entry.id));
      if (held?.userId !== user.id || held.rideId !== rideId) return refuse({ ok: false, error: "rideLog.errors.idTaken" });
    }
    await tx.delete(rideWishes).where(and(eq(rideWishes.userId, user.id), eq(rideWishes.rideId, rideId)));
    await retallyRides(tx, user.id, [rideId]);
    return { ok: true, log: await readOwnRideLog(tx, user.id, rideId) };
  });
}

/** Changes one of the member's entries: its date, its count, its note. */
export async function editRideLogEntry(db: Database, user: CurrentUser, entry: RideLogEntry, limits: WriteLimits = WRITE_LIMITS): Promise<RideLogAnswer> {
  if (!isUuid(entry.id)) return { ok: false, error: "rideLog.errors.entryNotFound" };
  return underAllowance(db, user, limits, async (tx, refuse) => {
    const [edited] = await tx
      .update(rideLogEntries)
      .set({ riddenOn: entry.riddenOn, times: entry.times, note: entry.note, updatedAt: sql`now()` })
      .where(and(eq(rideLogEntries.id, entry.id), eq(rideLogEntries.userId, user.id)))
      .returning({ rideId: rideLogEntries.rideId });
    if (!edited) return refuse({ ok: false, error: "rideLog.errors.entryNotFound" });
    await retallyRides(tx, user.id, [edited.rideId]);
    return { ok: true, log: await readOwnRideLog(tx, user.id, edited.rideId) };
  });
}

/**
 * Deletes one of the member's entries of the ride `rideId`. Deleting is idempotent, as logging is for an id sent again:
 * an entry no longer in the member's log of that ride (a delete the offline outbox sends again after its answer was
 * lost) deletes nothing and answers that log as it stands, so the page shows the count the server holds.
 *
 * What is safe to answer: every statement names the member (and the ride), so an entry of another member's is never
 * touched, and the answer is the caller's own log of the ride they named — what they already own. It is the same for an
 * id another member holds as for an id nobody holds, and the same (empty) for a ride that does not exist or that nobody
 * sees as for one the member never logged, so it tells nothing of other members' logs nor of the catalogue; the ride's
 * visibility is not checked, so that a member still deletes their entries of a ride since hidden. A ride id that is not
 * a uuid is refused as logging refuses it, and an entry id that is not one as before (no device chose it).
 *
 * `rideId` null: a delete the outbox stored before deletes carried their ride. The entry is deleted wherever it is,
 * answering its ride's log, and one no longer there is refused as not found (there is no ride to answer the log of).
 */
export async function deleteRideLogEntry(db: Database, user: CurrentUser, entryId: string, rideId: string | null, limits: WriteLimits = WRITE_LIMITS): Promise<RideLogAnswer> {
  if (rideId !== null && !isUuid(rideId)) return { ok: false, error: "rideLog.errors.rideNotFound" };
  if (!isUuid(entryId)) return { ok: false, error: "rideLog.errors.entryNotFound" };
  return underAllowance(db, user, limits, async (tx, refuse) => {
    const [deleted] = await tx
      .delete(rideLogEntries)
      .where(and(eq(rideLogEntries.id, entryId), eq(rideLogEntries.userId, user.id), rideId === null ? undefined : eq(rideLogEntries.rideId, rideId)))
      .returning({ rideId: rideLogEntries.rideId });
    if (deleted) await retallyRides(tx, user.id, [deleted.rideId]);
    else if (rideId === null) return refuse({ ok: false, error: "rideLog.errors.entryNotFound" });
    return { ok: true, log: await readOwnRideLog(tx, user.id, deleted?.rideId ?? rideId!) };
  });
}

/** Puts the ride on the member's wish list, or takes it off ('Je veux la faire'). A ride already wished, or not, stays so. */
export async function setRideWish(db: Database, user: CurrentUser, rideId: string, wished: boolean, limits: WriteLimits = WRITE_LIMITS): Promise<RideLogAnswer> {
  if (!isUuid(rideId)) return { ok: false, error: "rideLog.errors.rideNotFound" };
  return underAllowance(db, user, limits, async (tx, refuse) => {
    if (!(await isLoggableRide(tx, rideId))) return refuse({ ok: false, error: "rideLog.errors.rideNotFound" });
    if (wished) await tx.insert(rideWishes).values({ userId: user.id, rideId }).onConflictDoNothing();
    else await tx.delete(rideWishes).where(and(eq(rideWishes.userId, user.id), eq(rideWishes.rideId, rideId)));
    return { ok: true, log: await readOwnRideLog(tx, user.id, rideId) };
  });
}

/**
 * The member's counting rules and who sees their log (docs/rules/ride-log.md#credits, #who-sees-it); their credits move
 * with the rules in the same row (trigger ride_log_credits_rules).
 */
export async function saveRideLogSettings(db: Database, user: CurrentUser, settings: RideLogSettings, limits: WriteLimits = WRITE_LIMITS): Promise<RideLogSettingsAnswer> {
  return underAllowance(db, user, limits, async (tx) => {
    const [saved] = await tx
      .update(profiles)
      .set({ creditsCoastersOnly: settings.coastersOnly, creditsCountRemoved: settings.countRemoved, rideLogVisibility: settings.visibility })
      .where(eq(profiles.id, user.id))
      .returning({ credits: profiles.rideCredits });
    return { ok: true, credits: saved!.credits };
  });
}

/**
 * Logs the ride of a plan marked done, dated that day (docs/rules/plans.md#completing-a-ride), in the completion's own
 * transaction and allowance: one entry, as a plan's ride is marked done only once (a completion sent again is refused
 * as already done). The day is the server's, in UTC. One statement, the completion being a counted write
 * (docs/rules/quality.md#member-writes): the entry, the wish taken off, and the tally moved by the one entry added
 * — what retallyRides would count again, known here without reading the entries.
 */
export async function logCompletedPlanRide(tx: Transaction, userId: string, rideId: string): Promise<void> {
  const riddenOn = new Date().toISOString().slice(0, 10);
  await tx.execute(sql`WITH entry AS (
      INSERT INTO ride_log_entries (id, user_id, attraction_id, ridden_on, times) VALUES (${randomUUID()}, ${userId}, ${rideId}, ${riddenOn}, 1)
    ), wish AS (
      DELETE FROM ride_wishes WHERE user_id = ${userId} AND attraction_id = ${rideId}
    )
    INSERT INTO ride_log_tallies AS t (user_id, attraction_id, times, entries, first_on, last_on)
    VALUES (${userId}, ${rideId}, 1, 1, ${riddenOn}::date, ${riddenOn}::date)
    ON CONFLICT (user_id, attraction_id) DO UPDATE SET
      times = t.times + 1, entries = t.entries + 1, first_on = least(t.first_on, excluded.first_on), last_on = greatest(t.last_on, excluded.last_on)`);
}
