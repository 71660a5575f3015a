import { randomUUID } from "node:crypto";
import { TransactionRollbackError, and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { rideTypeId } from "~/domain/ride-types";
import type { RideLogAnswer, RideLogEntry } from "~/domain/ride-log";
import { setRideContinues } from "~/server/admin/ride-relocation";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows, type Executor } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import { parks, profiles, rideLogEntries, rideRatings, rides } from "~/server/db/schema";
import { completePlanEntry } from "~/server/plans/complete-plan-entry";
import { savePlan } from "~/server/plans/save-plan";
import { readCreditFigures } from "~/server/ride-log/credit-figures";
import { readOwnRideLog } from "~/server/ride-log/own-ride-log";
import { retallyRides } from "~/server/ride-log/ride-tallies";
import { deleteRideLogEntry, editRideLogEntry, logRide, setRideWish } from "~/server/ride-log/ride-log-writes";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** The ride log's writes and its credits (docs/rules/ride-log.md, decision 0074), on PGlite and PostgreSQL. */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

const entry = (overrides: Partial<RideLogEntry> = {}): RideLogEntry => ({ id: randomUUID(), riddenOn: "2026-07-14", times: 1, note: null, ...overrides });

function logged(answer: RideLogAnswer) {
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  return answer.log;
}

async function creditsColumn(userId: string): Promise<number> {
  const [row] = await database.db.select({ credits: profiles.rideCredits }).from(profiles).where(eq(profiles.id, userId));
  return row!.credits;
}

/** Everything stored about ride logs, to prove a refusal wrote nothing. */
async function logDigest() {
  const [row] = await queryRows<{ digest: string }>(
    database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM ride_log_entries t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM ride_log_tallies t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM ride_wishes t), '')
      || coalesce((SELECT string_agg(p.id || p.ride_credits, '|' ORDER BY p.id) FROM profiles p), '')) AS digest`,
  );
  return row!.digest;
}

describe("logging a ride", () => {
  it("adds dated entries, sums them up, edits and deletes them, and keeps the tally and the credits", async () => {
    const rider = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const first = entry({ riddenOn: "2025-05-01", times: 2, note: "  Premier rang  " });
    expect(logged(await logRide(database.db, rider, ride.id, first))).toMatchObject({
      entries: [{ id: first.id, riddenOn: "2025-05-01", times: 2, note: "  Premier rang  " }],
      times: 2,
      lastOn: "2025-05-01",
    });
    const second = entry({ riddenOn: "2026-07-14", times: 5 });
    const undated = entry({ riddenOn: null });
    logged(await logRide(database.db, rider, ride.id, second));
    const log = logged(await logRide(database.db, rider, ride.id, undated));
    // Newest first, the unknown date last.
    expect(log.entries.map((row) => row.id)).toEqual([second.id, first.id, undated.id]);
    expect(log).toMatchObject({ times: 8, lastOn: "2026-07-14" });
    expect(await creditsColumn(rider.id)).toBe(1);
    const [tally] = await queryRows<{ times: number; entries: number; first_on: string; last_on: string }>(
      database.db,
      sql`SELECT times, entries, first_on::text, last_on::text FROM ride_log_tallies WHERE user_id = ${rider.id}`,
    );
    expect(tally).toEqual({ times: 8, entries: 3, first_on: "2025-05-01", last_on: "2026-07-14" });

    expect(logged(await editRideLogEntry(database.db, rider, { ...second, riddenOn: "2024-01-02", times: 1 }))).toMatchObject({ times: 4, lastOn: "2025-05-01" });
    logged(await deleteRideLogEntry(database.db, rider, first.id, ride.id));
    logged(await deleteRideLogEntry(database.db, rider, second.id, ride.id));
    expect((await readOwnRideLog(database.db, rider.id, ride.id)).entries.map((row) => row.id)).toEqual([undated.id]);
    logged(await deleteRideLogEntry(database.db, rider, undated.id, ride.id));
    expect(await creditsColumn(rider.id)).toBe(0);
    expect(await queryRows(database.db, sql`SELECT 1 FROM ride_log_tallies WHERE user_id = ${rider.id}`)).toEqual([]);
  });

  it("writes an entry sent twice once, and refuses an id another entry holds", async () => {
    const [rider, other] = [await member(), await member()];
    const park = await createPark(database.db);
    const [ride, otherRide] = [await createRide(database.db, park.id), await createRide(database.db, park.id)];
    const sent = entry({ times: 3 });
    logged(await logRide(database.db, rider, ride.id, sent));
    expect(logged(await logRide(database.db, rider, ride.id, sent))).toMatchObject({ times: 3, entries: [{ id: sent.id }] });
    const before = await logDigest();
    expect(await logRide(database.db, other, ride.id, sent)).toEqual({ ok: false, error: "rideLog.errors.idTaken" });
    expect(await logRide(database.db, rider, otherRide.id, sent)).toEqual({ ok: false, error: "rideLog.errors.idTaken" });
    expect(await logDigest()).toBe(before);
  });

  it("lets a member touch only their own entries", async () => {
    const [rider, other] = [await member(), await member()];
    const ride = await createRide(database.db, (await createPark(database.db)).id);
    const own = entry();
    logged(await logRide(database.db, rider, ride.id, own));
    const before = await logDigest();
    expect(await editRideLogEntry(database.db, other, { ...own, times: 9 })).toEqual({ ok: false, error: "rideLog.errors.entryNotFound" });
    // A delete names the ride: the other member's answer is their own log of it, the same as for an id nobody holds.
    expect(await deleteRideLogEntry(database.db, other, own.id, ride.id)).toEqual({ ok: true, log: { entries: [], times: 0, lastOn: null, wished: false } });
    expect(await deleteRideLogEntry(database.db, other, own.id, ride.id)).toEqual(await deleteRideLogEntry(database.db, other, randomUUID(), ride.id));
    expect(await deleteRideLogEntry(database.db, other, own.id, null)).toEqual({ ok: false, error: "rideLog.errors.entryNotFound" });
    expect(await deleteRideLogEntry(database.db, other, own.id, "not-an-id")).toEqual({ ok: false, error: "rideLog.errors.rideNotFound" });
    expect(await logDigest()).toBe(before);
  });

  it("answers a delete sent again with the ride's log as it stands, deleting nothing more", async () => {
    const rider = await member();
    const park = await createPark(database.db);
    const [ride, otherRide] = [await createRide(database.db, park.id), await createRide(database.db, park.id)];
    const [kept, deleted, elsewhere] = [entry({ times: 2 }), entry({ times: 3, riddenOn: "2025-06-01" }), entry()];
    for (const one of [kept, deleted]) logged(await logRide(database.db, rider, ride.id, one));
    logged(await logRide(database.db, rider, otherRide.id, elsewhere));
    const answered = logged(await deleteRideLogEntry(database.db, rider, deleted.id, ride.id));
    expect(answered).toMatchObject({ entries: [{ id: kept.id }], times: 2, lastOn: "2026-07-14" });
    const before = await logDigest();
    // The outbox sends it again, its first answer lost: the same answer, nothing written.
    expect(await deleteRideLogEntry(database.db, rider, deleted.id, ride.id)).toEqual({ ok: true, log: answered });
    // An entry of another of the member's rides is not in this ride's log: untouched, this log answered.
    expect(await deleteRideLogEntry(database.db, rider, elsewhere.id, ride.id)).toEqual({ ok: true, log: answered });
    expect(await logDigest()).toBe(before);
    // A delete stored before deletes carried their ride reaches the entry wherever it is, and answers its ride's log.
    expect(logged(await deleteRideLogEntry(database.db, rider, elsewhere.id, null))).toMatchObject({ entries: [], times: 0 });
    expect(await deleteRideLogEntry(database.db, rider, elsewhere.id, null)).toEqual({ ok: false, error: "rideLog.errors.entryNotFound" });
    expect((await readOwnRideLog(database.db, rider.id, ride.id)).entries.map((row) => row.id)).toEqual([kept.id]);
  });

  it("logs only rides everyone sees", async () => {
    const rider = await member();
    const pendingPark = await createPark(database.db, { moderationStatus: "pending" });
    const inPendingPark = await createRide(database.db, pendingPark.id);
    const pendingRide = await createRide(database.db, (await createPark(database.db)).id, { moderationStatus: "pending" });
    const removed = await createRide(database.db, (await createPark(database.db)).id, { status: "removed" });
    const before = await logDigest();
    for (const rideId of [inPendingPark.id, pendingRide.id, randomUUID(), "not-an-id"]) {
      expect(await logRide(database.db, rider, rideId, entry())).toEqual({ ok: false, error: "rideLog.errors.rideNotFound" });
      expect(await setRideWish(database.db, rider, rideId, true)).toEqual({ ok: false, error: "rideLog.errors.rideNotFound" });
    }
    expect(await logDigest()).toBe(before);
    // A removed ride may be logged: people rode it before it closed.
    logged(await logRide(database.db, rider, removed.id, entry()));
  });

  it("takes a logged ride off the wish list", async () => {
    const rider = await member();
    const ride = await createRide(database.db, (await createPark(database.db)).id);
    expect(logged(await setRideWish(database.db, rider, ride.id, true)).wished).toBe(true);
    expect(logged(await setRideWish(database.db, rider, ride.id, true)).wished).toBe(true);
    expect(logged(await logRide(database.db, rider, ride.id, entry())).wished).toBe(false);
    logged(await setRideWish(database.db, rider, ride.id, true));
    expect(logged(await setRideWish(database.db, rider, ride.id, false)).wished).toBe(false);
  });

  it("refuses a suspended member and a spent allowance, writing nothing", async () => {
    const rider = await member();
    const ride = await createRide(database.db, (await createPark(database.db)).id);
    const oneWrite = { ...WRITE_LIMITS, rideLog: [{ max: 1, seconds: 60 }] };
    logged(await logRide(database.db, rider, ride.id, entry(), oneWrite));
    const before = await logDigest();
    expect(await logRide(database.db, rider, ride.id, entry(), oneWrite)).toEqual({ ok: false, error: "rideLog.errors.tooMany" });
    expect(await logDigest()).toBe(before);
    await suspendMember(database.db, rider.id, "Spam");
    expect(await logRide(database.db, rider, ride.id, entry())).toEqual({ ok: false, error: "auth.errors.suspended", values: { reason: "Spam" } });
    expect(await logDigest()).toBe(before);
  });
});

describe("a log write's statements", () => {
  async function statementsOf(write: () => Promise<RideLogAnswer>): Promise<number> {
    const counter = { count: 0 };
    logged(await countQueriesOf(counter, write));
    return counter.count;
  }

  // docs/rules/quality.md#member-writes: the member's standing is a column of the allowance's statement; then the
  // ride's check (a log), the entry, the wish taken off (a log), the tally's two statements and the answer's read.
  it("logs in 7 statements, edits and deletes in 5", async () => {
    const rider = await member();
    const ride = await createRide(database.db, (await createPark(database.db)).id);
    const sent = entry();
    expect(await statementsOf(() => logRide(database.db, rider, ride.id, sent))).toBe(7);
    expect(await statementsOf(() => editRideLogEntry(database.db, rider, { ...sent, times: 2 }))).toBe(5);
    expect(await statementsOf(() => deleteRideLogEntry(database.db, rider, sent.id, ride.id))).toBe(5);
    // Sent again: the allowance, the delete that finds nothing and the answer.
    expect(await statementsOf(() => deleteRideLogEntry(database.db, rider, sent.id, ride.id))).toBe(3);
  });
});

describe("credits and their rules", () => {
  async function riderOf(rideIds: string[]) {
    const rider = await member();
    for (const rideId of rideIds) logged(await logRide(database.db, rider, rideId, entry()));
    return rider;
  }

  it("counts distinct rides, coasters only or not, removed ones or not, as the member chooses", async () => {
    const park = await createPark(database.db, { country: "Belgique" });
    const coaster = await createRide(database.db, park.id, { typeId: rideTypeId("roller_coaster") });
    const darkRide = await createRide(database.db, park.id, { typeId: rideTypeId("dark_ride") });
    const removedCoaster = await createRide(database.db, park.id, { typeId: rideTypeId("roller_coaster"), status: "removed" });
    const rider = await riderOf([coaster.id, darkRide.id, removedCoaster.id, coaster.id]);
    expect(await creditsColumn(rider.id)).toBe(3);
    const all = await readCreditFigures(database.db, rider.id, 3, { coastersOnly: false, countRemoved: true });
    expect(all).toMatchObject({
      total: 3,
      byType: [{ type: "roller_coaster", credits: 2 }, { type: "dark_ride", credits: 1 }],
      byPark: [{ parkId: park.id, credits: 3 }],
      byCountry: [{ country: "Belgique", credits: 3 }],
      byYear: [{ year: 2026, rides: 4, credits: 3 }],
    });
    expect(all.mostRidden[0]).toMatchObject({ rideId: coaster.id, times: 2 });

    await database.db.update(profiles).set({ creditsCoastersOnly: true }).where(eq(profiles.id, rider.id));
    expect(await creditsColumn(rider.id)).toBe(2);
    await database.db.update(profiles).set({ creditsCountRemoved: false }).where(eq(profiles.id, rider.id));
    expect(await creditsColumn(rider.id)).toBe(1);
    expect(await readCreditFigures(database.db, rider.id, 1, { coastersOnly: true, countRemoved: false })).toMatchObject({
      byType: [{ type: "roller_coaster", credits: 1 }],
      byYear: [{ year: 2026, rides: 2, credits: 1 }],
      mostRidden: [{ rideId: coaster.id, times: 2 }],
    });

    // A ride's type or status changed by any path moves its riders' credits.
    await database.db.update(rides).set({ status: "operating" }).where(eq(rides.id, removedCoaster.id));
    expect(await creditsColumn(rider.id)).toBe(2);
    await database.db.update(rides).set({ typeId: rideTypeId("roller_coaster") }).where(eq(rides.id, darkRide.id));
    expect(await creditsColumn(rider.id)).toBe(3);
    await database.db.delete(rides).where(eq(rides.id, coaster.id));
    expect(await creditsColumn(rider.id)).toBe(2);
  });

  it("counts a relocated ride and the one it continues as one credit, in every figure", async () => {
    const [before, after] = [await createPark(database.db, { country: "France" }), await createPark(database.db, { country: "Espagne" })];
    const original = await createRide(database.db, before.id, { status: "removed" });
    const moved = await createRide(database.db, after.id);
    const elsewhere = await createRide(database.db, after.id);
    const rider = await riderOf([original.id, moved.id, elsewhere.id]);
    const onlyOriginal = await riderOf([original.id]);
    expect(await creditsColumn(rider.id)).toBe(3);
    const admin = await member();
    expect(await setRideContinues(database.db, admin.id, moved.id, original.id)).toEqual({ ok: true });
    expect(await creditsColumn(rider.id)).toBe(2);
    const figures = await readCreditFigures(database.db, rider.id, 2, { coastersOnly: false, countRemoved: true });
    expect(figures.byPark.map((park) => [park.parkId, park.credits]).sort()).toEqual([[before.id, 1], [after.id, 2]].sort());
    expect(figures.byCountry).toEqual([{ country: "Espagne", credits: 2 }, { country: "France", credits: 1 }]);
    expect(figures.byYear).toEqual([{ year: 2026, rides: 3, credits: 2 }]);
    // A removed ride whose line still runs is no removed credit.
    await database.db.update(profiles).set({ creditsCountRemoved: false }).where(eq(profiles.id, onlyOriginal.id));
    expect(await creditsColumn(onlyOriginal.id)).toBe(1);

    // A third stop links to the first of the line; the link taken away counts them apart again.
    const third = await createRide(database.db, before.id);
    expect(await setRideContinues(database.db, admin.id, third.id, moved.id)).toEqual({ ok: true });
    const [thirdRow] = await database.db.select({ continuesId: rides.continuesId }).from(rides).where(eq(rides.id, third.id));
    expect(thirdRow!.continuesId).toBe(original.id);
    expect(await setRideContinues(database.db, admin.id, original.id, moved.id)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await setRideContinues(database.db, admin.id, moved.id, null)).toEqual({ ok: true });
    expect(await creditsColumn(rider.id)).toBe(3);
  });

  it("logs a plan's ride marked done, dated today", async () => {
    const rider = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const wishedRide = ride.id;
    logged(await setRideWish(database.db, rider, wishedRide, true));
    const plan = await savePlan(database.db, rider, park.id, { version: 0, name: "", entries: [{ rideId: ride.id, isPriority: false }] });
    if (!plan.ok) throw new Error(plan.error);
    await database.db.insert(rideRatings).values({ userId: rider.id, rideId: ride.id, rating: 4, audienceType: "general" });
    // Ridden before, on an unknown day: the completion's entry moves the tally as counting the entries again would.
    logged(await logRide(database.db, rider, ride.id, entry({ riddenOn: null, times: 3 })));
    logged(await setRideWish(database.db, rider, wishedRide, true));
    expect((await completePlanEntry(database.db, rider, park.id, ride.id, plan.plan.version)).ok).toBe(true);
    const log = await readOwnRideLog(database.db, rider.id, ride.id);
    expect(log).toMatchObject({ times: 4, lastOn: new Date().toISOString().slice(0, 10), wished: false });
    expect(await creditsColumn(rider.id)).toBe(1);
    const tallies = sql`SELECT times, entries, first_on, last_on FROM ride_log_tallies WHERE user_id = ${rider.id}`;
    const kept = await queryRows(database.db, tallies);
    await retallyRides(database.db, rider.id, [ride.id]);
    expect(await queryRows(database.db, tallies)).toEqual(kept);
  });
});

describe("the figures kept by the triggers (decision 0075)", () => {
  type Figures = { credits: number; rows: Array<{ dimension: string; key: string; credits: number; rides: number }> };

  async function readFigures(db: Executor, userId: string): Promise<Figures> {
    const [profile] = await queryRows<{ credits: number }>(db, sql`SELECT ride_credits AS credits FROM profiles WHERE id = ${userId}`);
    const rows = await queryRows<Figures["rows"][number]>(
      db,
      sql`SELECT dimension, key, credits, rides FROM ride_credit_figures WHERE user_id = ${userId} ORDER BY dimension, key`,
    );
    return { credits: profile!.credits, rows };
  }

  /** The member's figures as the triggers left them, beside the same counted whole (in a transaction rolled back). */
  async function expectKeptAsCounted(userId: string): Promise<Figures> {
    const kept = await readFigures(database.db, userId);
    let counted: Figures | null = null;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed) WHERE p.id = ${userId}`);
        counted = await readFigures(tx, userId);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(kept).toEqual(counted);
    return kept;
  }

  const row = (dimension: string, key: string, credits: number, rides = 0) => ({ dimension, key, credits, rides });

  it("moves them by differences as every path changes the log, and equals them counted whole", async () => {
    const rider = await member();
    const [france, spain] = [await createPark(database.db, { country: "France" }), await createPark(database.db, { country: "Espagne" })];
    const coaster = await createRide(database.db, france.id, { typeId: rideTypeId("roller_coaster") });
    const darkRide = await createRide(database.db, france.id, { typeId: rideTypeId("dark_ride") });
    const moved = await createRide(database.db, spain.id, { typeId: rideTypeId("roller_coaster") });
    const other = await createRide(database.db, spain.id, { typeId: rideTypeId("roller_coaster"), status: "removed" });

    const first = entry({ riddenOn: "2024-08-01", times: 2 });
    logged(await logRide(database.db, rider, coaster.id, first));
    logged(await logRide(database.db, rider, coaster.id, entry({ riddenOn: "2025-06-01" })));
    logged(await logRide(database.db, rider, darkRide.id, entry({ riddenOn: null, times: 3 })));
    expect((await expectKeptAsCounted(rider.id)).rows).toEqual([
      row("country", "France", 2),
      row("park", france.id, 2),
      row("type", String(rideTypeId("roller_coaster")), 1),
      row("type", String(rideTypeId("dark_ride")), 1),
      row("year", "2024", 1, 2),
      row("year", "2025", 1, 1),
    ].sort((a, b) => a.dimension.localeCompare(b.dimension) || a.key.localeCompare(b.key)));

    // An entry moved to another year moves the years; one deleted too.
    logged(await editRideLogEntry(database.db, rider, { ...first, riddenOn: "2025-09-01" }));
    await expectKeptAsCounted(rider.id);
    // Within its year: the rides move, not the credits; an undated entry given a day joins its year.
    logged(await editRideLogEntry(database.db, rider, { ...first, riddenOn: "2025-10-01", times: 4 }));
    expect((await expectKeptAsCounted(rider.id)).rows).toContainEqual(row("year", "2025", 1, 5));
    const undated = entry({ riddenOn: null });
    logged(await logRide(database.db, rider, coaster.id, undated));
    logged(await editRideLogEntry(database.db, rider, { ...undated, riddenOn: "2023-01-01" }));
    expect((await expectKeptAsCounted(rider.id)).rows).toContainEqual(row("year", "2023", 1, 1));
    logged(await deleteRideLogEntry(database.db, rider, undated.id, coaster.id));
    await expectKeptAsCounted(rider.id);
    const darkEntries = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM ride_log_entries WHERE user_id = ${rider.id} AND attraction_id = ${darkRide.id}`);
    logged(await deleteRideLogEntry(database.db, rider, darkEntries[0]!.id, darkRide.id));
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(1);

    // Two rides of one line tallied in one statement (as an import writes them) are one credit, in each of their keys.
    const admin = await member();
    expect(await setRideContinues(database.db, admin.id, moved.id, coaster.id)).toEqual({ ok: true });
    await database.db.insert(rideLogEntries).values([
      { id: randomUUID(), userId: rider.id, rideId: moved.id, riddenOn: "2026-07-14", times: 1 },
      { id: randomUUID(), userId: rider.id, rideId: other.id, riddenOn: "2026-07-14", times: 1 },
    ]);
    await retallyRides(database.db, rider.id, [moved.id, other.id]);
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(2);
    // The line's second ride gone from the log leaves the credit; the first gone too takes it.
    await database.db.delete(rideLogEntries).where(and(eq(rideLogEntries.userId, rider.id), eq(rideLogEntries.rideId, coaster.id)));
    await retallyRides(database.db, rider.id, [coaster.id]);
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(2);

    // The rules, a ride's status and type, a link taken away, a park's country, a ride deleted, a plan's ride done.
    await database.db.update(profiles).set({ creditsCountRemoved: false }).where(eq(profiles.id, rider.id));
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(1);
    await database.db.update(rides).set({ status: "operating" }).where(eq(rides.id, other.id));
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(2);
    await database.db.update(profiles).set({ creditsCoastersOnly: true, creditsCountRemoved: true }).where(eq(profiles.id, rider.id));
    await database.db.update(rides).set({ typeId: rideTypeId("dark_ride") }).where(eq(rides.id, other.id));
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(1);
    expect(await setRideContinues(database.db, admin.id, moved.id, null)).toEqual({ ok: true });
    await expectKeptAsCounted(rider.id);
    await database.db.update(parks).set({ country: "Portugal" }).where(eq(parks.id, spain.id));
    expect((await expectKeptAsCounted(rider.id)).rows).toContainEqual(row("country", "Portugal", 1));
    await database.db.update(profiles).set({ creditsCoastersOnly: false }).where(eq(profiles.id, rider.id));
    await database.db.delete(rides).where(eq(rides.id, moved.id));
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(1);
    const plan = await savePlan(database.db, rider, france.id, { version: 0, name: "", entries: [{ rideId: darkRide.id, isPriority: false }] });
    if (!plan.ok) throw new Error(plan.error);
    await database.db.insert(rideRatings).values({ userId: rider.id, rideId: darkRide.id, rating: 4, audienceType: "general" });
    expect(await completePlanEntry(database.db, rider, france.id, darkRide.id, plan.plan.version)).toMatchObject({ ok: true });
    expect((await expectKeptAsCounted(rider.id)).credits).toBe(2);
  });
});
