import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { expectedWait } from "~/domain/typical-waits";
import type { WaitReportAnswer, WaitReportFields } from "~/domain/wait-reports";
import { action as waitsAction } from "~/routes/api.waits";
import { loader as apiLoader } from "~/routes/api.v1";
import { exportAccountData } from "~/server/accounts/export-account-data";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import { rides } from "~/server/db/schema";
import { recomputeAggregates } from "~/server/ratings/recompute-aggregates";
import { readWaitProfiles } from "~/server/waits/typical-waits";
import { reportWait } from "~/server/waits/report-wait";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createMemberWithPassword, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Waits reported by members (docs/rules/waits.md, decision 0082), on PGlite and PostgreSQL: a report stored and counted
 * in its local hour and day type, once per member, ride and hour; the refusals, each writing nothing; the typical waits
 * read back above the minimum only; the member's address and the public API.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Tuesday 14 July 2026, 12:00 in Paris: the server's clock in these tests. */
const NOW = new Date("2026-07-14T10:00:00Z");

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

async function publicRide() {
  return createRide(database.db, (await createPark(database.db)).id);
}

const report = (rideId: string, minutes: WaitReportFields["minutes"], happenedAt: string) => ({ rideId, minutes, happenedAt });

function accepted(answer: WaitReportAnswer) {
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  return answer;
}

/** A ride's cells as the trigger keeps them: "weekday 10" → [reports, minutes summed]. */
async function cellsOf(rideId: string): Promise<Record<string, [number, number]>> {
  const rows = await queryRows<{ day_type: string; hour: number; reports: number; minutes_sum: number }>(
    database.db,
    sql`SELECT day_type, hour, reports, minutes_sum FROM ride_typical_waits WHERE attraction_id = ${rideId} ORDER BY day_type, hour`,
  );
  return Object.fromEntries(rows.map((row) => [`${row.day_type} ${row.hour}`, [row.reports, row.minutes_sum]]));
}

/** The ride's cells as the trigger kept them equal those rebuilt from its reports (recomputeAggregates, their definition). */
async function expectCellsAsRecomputed(rideId: string) {
  const kept = await cellsOf(rideId);
  await recomputeAggregates(database.db, { rideIds: [rideId] });
  expect(await cellsOf(rideId)).toEqual(kept);
}

/** Everything a report may write, the allowances included, to prove a refusal wrote nothing. */
async function waitsDigest() {
  const [row] = await queryRows<{ digest: string }>(
    database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM ride_wait_reports t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM ride_typical_waits t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM user_write_limits t), '')) AS digest`,
  );
  return row!.digest;
}

describe("reporting a wait", () => {
  it("stores the report and counts it in the day type and hour of its local time", async () => {
    const rider = await member();
    const ride = await publicRide();
    const answer = accepted(await reportWait(database.db, rider, report(ride.id, 25, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW));
    expect(answer).toEqual({
      ok: true,
      report: { rideId: ride.id, minutes: 25, happenedAt: "2026-07-14T10:25:00+02:00", dayType: "weekday", hour: 10 },
      outcome: "added",
    });
    const [stored] = await queryRows<{ wait_minutes: number; happened_at: string; utc_offset: number; local_hour: string }>(
      database.db,
      sql`SELECT wait_minutes, to_char(happened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS happened_at, utc_offset, local_hour::text
        FROM ride_wait_reports WHERE user_id = ${rider.id} AND attraction_id = ${ride.id}`,
    );
    expect(stored).toEqual({ wait_minutes: 25, happened_at: "2026-07-14 08:25", utc_offset: 120, local_hour: "2026-07-14 10:00:00" });
    // Saturday 23:40 in New York is Sunday 03:40 UTC: the local day and hour count.
    const saturday = accepted(await reportWait(database.db, rider, report(ride.id, "40", "2026-07-11T23:40:00-04:00"), WRITE_LIMITS, NOW));
    expect(saturday.report).toMatchObject({ minutes: 40, dayType: "weekend", hour: 23 });
    // Monday 00:30 in Paris is Sunday 22:30 UTC: a weekday.
    accepted(await reportWait(database.db, rider, report(ride.id, 5, "2026-07-13T00:30:00+02:00"), WRITE_LIMITS, NOW));
    expect(await cellsOf(ride.id)).toEqual({ "weekday 0": [1, 5], "weekday 10": [1, 25], "weekend 23": [1, 40] });
    await expectCellsAsRecomputed(ride.id);
  });

  it("counts a member once per ride and hour: a second report of the hour replaces the first, a later one stays", async () => {
    const rider = await member();
    const ride = await publicRide();
    const first = accepted(await reportWait(database.db, rider, report(ride.id, 25, "2026-07-14T10:05:00+02:00"), WRITE_LIMITS, NOW));
    expect(first.outcome).toBe("added");
    const second = accepted(await reportWait(database.db, rider, report(ride.id, 40, "2026-07-14T10:50:00+02:00"), WRITE_LIMITS, NOW));
    expect(second.outcome).toBe("replaced");
    expect(await cellsOf(ride.id)).toEqual({ "weekday 10": [1, 40] });
    // A report kept offline that happened earlier in the hour arrives after: the later one stays.
    const late = accepted(await reportWait(database.db, rider, report(ride.id, 15, "2026-07-14T10:20:00+02:00"), WRITE_LIMITS, NOW));
    expect(late.outcome).toBe("superseded");
    // The outbox sending the same report again: counted once.
    expect(accepted(await reportWait(database.db, rider, report(ride.id, 40, "2026-07-14T10:50:00+02:00"), WRITE_LIMITS, NOW)).outcome).toBe("replaced");
    expect(await cellsOf(ride.id)).toEqual({ "weekday 10": [1, 40] });
    const [row] = await queryRows<{ reports: number; wait_minutes: number }>(
      database.db,
      sql`SELECT count(*)::int AS reports, max(wait_minutes) AS wait_minutes FROM ride_wait_reports WHERE user_id = ${rider.id}`,
    );
    expect(row).toEqual({ reports: 1, wait_minutes: 40 });
    // The next hour, another ride, another member: each a report of its own.
    accepted(await reportWait(database.db, rider, report(ride.id, 10, "2026-07-14T11:00:00+02:00"), WRITE_LIMITS, NOW));
    accepted(await reportWait(database.db, await member(), report(ride.id, 30, "2026-07-14T10:30:00+02:00"), WRITE_LIMITS, NOW));
    expect(await cellsOf(ride.id)).toEqual({ "weekday 10": [2, 70], "weekday 11": [1, 10] });
    await expectCellsAsRecomputed(ride.id);
  });

  it("writes the report and moves the sums in two statements", async () => {
    const rider = await member();
    const ride = await publicRide();
    const counter = { count: 0 };
    await countQueriesOf(counter, () => reportWait(database.db, rider, report(ride.id, 20, "2026-07-14T11:15:00+02:00"), WRITE_LIMITS, NOW));
    expect(counter.count).toBe(2);
  });

  it("refuses implausible values with their message, and writes nothing", async () => {
    const rider = await member();
    const ride = await publicRide();
    const before = await waitsDigest();
    const refusals: Array<[WaitReportFields["minutes"], string, string]> = [
      [-1, "2026-07-14T10:25:00+02:00", "waits.errors.minutes"],
      [301, "2026-07-14T10:25:00+02:00", "waits.errors.minutes"],
      ["beaucoup", "2026-07-14T10:25:00+02:00", "waits.errors.minutes"],
      [12.5, "2026-07-14T10:25:00+02:00", "waits.errors.minutesWhole"],
      [25, "2026-07-14T12:10:00+02:00", "waits.errors.future"],
      [25, "2026-07-07T11:59:00+02:00", "waits.errors.tooOld"],
      [25, "2026-07-14T10:25:00", "waits.errors.time"],
      [25, "14/07/2026 10:25", "waits.errors.time"],
    ];
    for (const [minutes, happenedAt, error] of refusals) {
      expect(await reportWait(database.db, rider, report(ride.id, minutes, happenedAt), WRITE_LIMITS, NOW), `${minutes} at ${happenedAt}`).toMatchObject({ ok: false, error });
    }
    expect(await reportWait(database.db, rider, report(ride.id, 301, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW)).toEqual({
      ok: false,
      error: "waits.errors.minutes",
      values: { max: "300" },
    });
    expect(await waitsDigest()).toBe(before);
    // The bounds themselves are taken: 0 and 300 minutes, 5 minutes ahead, 7 days old.
    accepted(await reportWait(database.db, rider, report(ride.id, 0, "2026-07-14T12:05:00+02:00"), WRITE_LIMITS, NOW));
    accepted(await reportWait(database.db, rider, report(ride.id, 300, "2026-07-07T12:00:00+02:00"), WRITE_LIMITS, NOW));
  });

  it("refuses a suspended member, and writes nothing (the allowance given back)", async () => {
    const rider = await member();
    const ride = await publicRide();
    await suspendMember(database.db, rider.id, "Spam");
    const before = await waitsDigest();
    expect(await reportWait(database.db, rider, report(ride.id, 25, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW)).toEqual({
      ok: false,
      error: "auth.errors.suspended",
      values: { reason: "Spam" },
    });
    expect(await waitsDigest()).toBe(before);
  });

  it("takes reports only for a published, operating ride", async () => {
    const rider = await member();
    const park = await createPark(database.db);
    const pending = await createRide(database.db, park.id, { moderationStatus: "pending" });
    const ofPendingPark = await createRide(database.db, (await createPark(database.db, { moderationStatus: "pending" })).id);
    const removed = await createRide(database.db, park.id, { status: "removed" });
    const before = await waitsDigest();
    for (const rideId of [pending.id, ofPendingPark.id, randomUUID(), "pas-un-id"]) {
      expect(await reportWait(database.db, rider, report(rideId, 25, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW)).toEqual({ ok: false, error: "waits.errors.rideNotFound" });
    }
    expect(await reportWait(database.db, rider, report(removed.id, 25, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW)).toEqual({ ok: false, error: "waits.errors.rideNotOperating" });
    expect(await waitsDigest()).toBe(before);
  });

  it("refuses reports beyond the member's allowance", async () => {
    const rider = await member();
    const ride = await publicRide();
    const limits = { ...WRITE_LIMITS, waitReport: [{ max: 2, seconds: 60 }] };
    accepted(await reportWait(database.db, rider, report(ride.id, 25, "2026-07-14T09:25:00+02:00"), limits, NOW));
    accepted(await reportWait(database.db, rider, report(ride.id, 30, "2026-07-14T10:25:00+02:00"), limits, NOW));
    const before = await waitsDigest();
    expect(await reportWait(database.db, rider, report(ride.id, 35, "2026-07-14T11:25:00+02:00"), limits, NOW)).toEqual({ ok: false, error: "waits.errors.tooMany" });
    expect(await waitsDigest()).toBe(before);
    // Another member's allowance is their own.
    accepted(await reportWait(database.db, await member(), report(ride.id, 35, "2026-07-14T11:25:00+02:00"), limits, NOW));
  });
});

describe("typical waits", () => {
  it("gives nothing for an hour below 3 reports and the mean above, and the plan's expected wait from it", async () => {
    const ride = await publicRide();
    const riders = [await member(), await member(), await member()];
    const at = (rider: CurrentUser, minutes: number, happenedAt: string) => reportWait(database.db, rider, report(ride.id, minutes, happenedAt), WRITE_LIMITS, NOW);
    accepted(await at(riders[0]!, 20, "2026-07-14T10:10:00+02:00"));
    accepted(await at(riders[1]!, 35, "2026-07-13T10:40:00+02:00"));
    accepted(await at(riders[0]!, 60, "2026-07-11T14:10:00+02:00"));
    expect((await readWaitProfiles(database.db, [ride.id])).get(ride.id)).toEqual([]);
    // The same member reporting again within the hour does not make a third report.
    accepted(await at(riders[1]!, 50, "2026-07-13T10:55:00+02:00"));
    expect((await readWaitProfiles(database.db, [ride.id])).get(ride.id)).toEqual([]);
    accepted(await at(riders[2]!, 30, "2026-07-10T10:30:00+02:00"));
    const profile = (await readWaitProfiles(database.db, [ride.id])).get(ride.id)!;
    expect(profile).toEqual([{ dayType: "weekday", hour: 10, minutes: 33.3, reports: 3 }]);
    expect(expectedWait(profile, "weekday", 10 * 60 + 30)).toEqual({ seconds: 1998, isDefault: false });
    expect(expectedWait(profile, "weekend", 10 * 60 + 30)).toEqual({ seconds: 1800, isDefault: true });
    // Rides without reports read as empty profiles.
    const other = await publicRide();
    expect(await readWaitProfiles(database.db, [ride.id, other.id])).toEqual(
      new Map([
        [ride.id, profile],
        [other.id, []],
      ]),
    );

    // A member's deletion takes their reports out of the sums; the hour falls below the minimum again.
    await database.db.execute(sql`DELETE FROM "user" WHERE id = ${riders[2]!.id}`);
    expect(await cellsOf(ride.id)).toEqual({ "weekday 10": [2, 70], "weekend 14": [1, 60] });
    expect((await readWaitProfiles(database.db, [ride.id])).get(ride.id)).toEqual([]);
    await database.db.execute(sql`DELETE FROM "user" WHERE id = ${riders[0]!.id}`);
    expect(await cellsOf(ride.id)).toEqual({ "weekday 10": [1, 50] });
    await expectCellsAsRecomputed(ride.id);
    // A ride's deletion takes its reports and its sums with it.
    await database.db.delete(rides).where(eq(rides.id, ride.id));
    expect(await cellsOf(ride.id)).toEqual({});
    await expectCellsAsRecomputed(ride.id);
  });

  it("are in the member's data export", async () => {
    const rider = await member();
    const ride = await publicRide();
    accepted(await reportWait(database.db, rider, report(ride.id, 25, "2026-07-14T10:25:00+02:00"), WRITE_LIMITS, NOW));
    const exported = await exportAccountData(database.db, rider.id);
    expect(exported!.waitReports).toEqual([
      expect.objectContaining({ attraction_id: ride.id, attraction_name: ride.name, wait_minutes: 25, happened_at: "2026-07-14T08:25:00.000Z", utc_offset: 120 }),
    ]);
  });
});

describe("the addresses", () => {
  it("POST /api/waits: the session's member's report, or the refusal's key with its status", async () => {
    const harness = createAuthContext(database);
    const rider = await createMemberWithPassword(database.db);
    const cookie = await harness.openSession(rider.id);
    const ride = await publicRide();
    const post = async (body: unknown, withCookie: string | null = cookie) => {
      const headers = new Headers({ origin: TEST_ORIGIN, "content-type": "application/json" });
      if (withCookie) headers.set("cookie", withCookie);
      const request = new Request(`${TEST_ORIGIN}/api/waits`, { method: "POST", headers, body: JSON.stringify(body) });
      const context = { ...harness.context, currentUser: withCookie ? await harness.currentUser(withCookie) : null };
      const response = (await waitsAction({ request, context, params: {} } as never)) as Response;
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return { status: response.status, body: (await response.json()) as WaitReportAnswer };
    };
    const happenedAt = new Date(Date.now() - 60_000).toISOString();
    const ok = await post({ rideId: ride.id, minutes: 25, happenedAt });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, outcome: "added", report: { rideId: ride.id, minutes: 25, happenedAt } } });
    expect(await post({ rideId: ride.id, minutes: 301, happenedAt })).toEqual({ status: 400, body: { ok: false, error: "waits.errors.minutes", values: { max: "300" } } });
    expect(await post({ rideId: ride.id, minutes: 25 })).toEqual({ status: 400, body: { ok: false, error: "waits.errors.badRequest" } });
    expect(await post({ rideId: randomUUID(), minutes: 25, happenedAt })).toEqual({ status: 404, body: { ok: false, error: "waits.errors.rideNotFound" } });
    expect(await post({ rideId: ride.id, minutes: 25, happenedAt }, null)).toEqual({ status: 401, body: { ok: false, error: "waits.errors.unauthenticated" } });
  });

  it("GET /api/v1/rides/{id}/waits: the hours with enough reports, the minimum and the default", async () => {
    const ride = await publicRide();
    for (const [minutes, happenedAt] of [
      [20, "2026-07-11T15:05:00+02:00"],
      [30, "2026-07-12T15:35:00+02:00"],
      [45, "2026-07-11T15:50:00+02:00"],
      [10, "2026-07-14T09:10:00+02:00"],
    ] as const) {
      accepted(await reportWait(database.db, await member(), report(ride.id, minutes, happenedAt), WRITE_LIMITS, NOW));
    }
    const { context } = createAuthContext(database);
    const path = `/rides/${ride.id}/waits`;
    const request = new Request(`${TEST_ORIGIN}/api/v1${path}`, { headers: { "x-parcours-client-ip": "198.51.100.77" } });
    const response = (await apiLoader({ request, context, params: { "*": path.slice(1) } } as never)) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { minimumReports: 3, defaultMinutes: 30, hours: [{ dayType: "weekend", hour: 15, minutes: 31.7, reports: 3 }] },
      links: { self: `${TEST_ORIGIN}/api/v1/rides/${ride.id}/waits`, ride: `${TEST_ORIGIN}/api/v1/rides/${ride.id}` },
    });
  });
});
