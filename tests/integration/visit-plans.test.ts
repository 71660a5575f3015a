import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { PLAN_ENTRIES_MAX, PLAN_NAME_MAX, type PlanAnswer, type VisitPlanView } from "~/domain/visit-plan";
import { deleteAccount } from "~/server/accounts/delete-account";
import { exportAccountData } from "~/server/accounts/export-account-data";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import { rideRatings, rides, parks, visitPlans } from "~/server/db/schema";
import { completePlanEntry } from "~/server/plans/complete-plan-entry";
import { listMemberPlans } from "~/server/plans/member-plans";
import { readPlan } from "~/server/plans/read-plan";
import { savePlan } from "~/server/plans/save-plan";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** The server half of the visit plan (docs/rules/plans.md; decision 0022). */
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

/** A published park with `count` operating rides R0..Rn of 60, 120, … seconds. */
async function parkWithRides(count: number) {
  const park = await createPark(database.db);
  const rideRows = [];
  for (let index = 0; index < count; index++) {
    rideRows.push(await createRide(database.db, park.id, { name: `R${index}`, duration: 60 * (index + 1), minHeightAlone: 120, minHeightForbidden: 100 }));
  }
  return { park, rides: rideRows };
}

const entriesOf = (ids: string[], priority: string[] = []) => ids.map((rideId) => ({ rideId, isPriority: priority.includes(rideId) }));

function saved(answer: PlanAnswer): VisitPlanView {
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  return answer.plan;
}

/** Everything stored about plans, to prove a refusal wrote nothing. */
async function plansDigest() {
  const [row] = await queryRows<{ digest: string }>(
    database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM visit_plans t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM visit_plan_attractions t), '')) AS digest`,
  );
  return row!.digest;
}

async function storedEntries(userId: string, parkId: string) {
  return queryRows<{ attraction_id: string; position: number; is_priority: boolean; completed: boolean }>(
    database.db,
    sql`SELECT e.attraction_id, e.position, e.is_priority, e.completed FROM visit_plan_attractions e
      JOIN visit_plans v ON v.id = e.plan_id WHERE v.user_id = ${userId} AND v.park_id = ${parkId} ORDER BY e.position`,
  );
}

async function rate(userId: string, rideId: string) {
  await database.db.insert(rideRatings).values({ userId, rideId, rating: 4, audienceType: "general" });
}

describe("reading a plan", () => {
  it("gives a member with no plan an empty, unsaved one, and null for an unknown, pending or malformed park", async () => {
    const user = await member();
    const { park } = await parkWithRides(1);
    expect(await readPlan(database.db, user.id, park.id)).toEqual({ parkId: park.id, name: "", version: 0, saved: false, entries: [] });
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    expect(await readPlan(database.db, user.id, pending.id)).toBeNull();
    expect(await readPlan(database.db, user.id, crypto.randomUUID())).toBeNull();
    expect(await readPlan(database.db, user.id, "not-an-id")).toBeNull();
  });
});

describe("saving a plan (docs/rules/plans.md#saving: update or create, then replace the entries)", () => {
  it("creates the plan at version 1, then updates it; entries come back in the order sent with the rides' facts", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(3);
    const [a, b, c] = rideRows.map((ride) => ride.id) as [string, string, string];
    const first = saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([c, a], [a]) }));
    expect(first).toMatchObject({ parkId: park.id, name: "", version: 1, saved: true });
    expect(first.entries).toEqual([
      { rideId: c, name: "R2", slug: rideRows[2]!.slug, durationSeconds: 180, minHeightAlone: 120, minHeightForbidden: 100, removed: false, isPriority: false, completed: false },
      { rideId: a, name: "R0", slug: rideRows[0]!.slug, durationSeconds: 60, minHeightAlone: 120, minHeightForbidden: 100, removed: false, isPriority: true, completed: false },
    ]);
    expect(await readPlan(database.db, user.id, park.id)).toEqual(first);

    const second = saved(await savePlan(database.db, user, park.id, { version: 1, name: "Samedi", entries: entriesOf([a, b, c]) }));
    expect(second.version).toBe(2);
    expect(second.name).toBe("Samedi");
    expect(await readPlan(database.db, user.id, park.id)).toEqual(second);
    const [row] = await database.db.select().from(visitPlans).where(eq(visitPlans.userId, user.id));
    expect(row).toMatchObject({ version: 2, totalDuration: 60 + 120 + 180 });
  });

  it("renumbers positions 1..n on the server, and an empty save empties the plan", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(4);
    const ids = rideRows.map((ride) => ride.id);
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf(ids) }));
    saved(await savePlan(database.db, user, park.id, { version: 1, name: "", entries: entriesOf([ids[3]!, ids[1]!]) }));
    expect((await storedEntries(user.id, park.id)).map((entry) => [entry.attraction_id, entry.position])).toEqual([
      [ids[3], 1],
      [ids[1], 2],
    ]);
    const empty = saved(await savePlan(database.db, user, park.id, { version: 2, name: "", entries: [] }));
    expect(empty).toMatchObject({ version: 3, saved: true, entries: [] });
    expect(await storedEntries(user.id, park.id)).toEqual([]);
  });

  it("refuses a save from a tab that read an older version (two tabs), writing nothing, with the current plan", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const [a, b] = rideRows.map((ride) => ride.id) as [string, string];
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([a]) }));
    const tabOne = saved(await savePlan(database.db, user, park.id, { version: 1, name: "Un", entries: entriesOf([a, b]) }));
    const before = await plansDigest();
    const tabTwo = await savePlan(database.db, user, park.id, { version: 1, name: "Deux", entries: entriesOf([b]) });
    expect(tabTwo).toEqual({ ok: false, error: "plans.errors.stale", plan: tabOne });
    // A first save from a tab that never saw the stored plan is stale too.
    expect(await savePlan(database.db, user, park.id, { version: 0, name: "Trois", entries: [] })).toEqual({ ok: false, error: "plans.errors.stale", plan: tabOne });
    // And a version from the future, when nothing is stored, is stale with the empty plan.
    const other = await member();
    expect(await savePlan(database.db, other, park.id, { version: 4, name: "", entries: [] })).toEqual({
      ok: false,
      error: "plans.errors.stale",
      plan: { parkId: park.id, name: "", version: 0, saved: false, entries: [] },
    });
    expect(await plansDigest()).toBe(before);
  });

  it("lets exactly one of two concurrent first saves win, the other stale, never an error", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const answers = await Promise.all([
      savePlan(database.db, user, park.id, { version: 0, name: "A", entries: entriesOf([rideRows[0]!.id]) }),
      savePlan(database.db, user, park.id, { version: 0, name: "B", entries: entriesOf([rideRows[1]!.id]) }),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const [loser] = answers.filter((answer) => !answer.ok);
    expect(loser).toMatchObject({ ok: false, error: "plans.errors.stale", plan: { version: 1, saved: true } });
    const winner = answers.find((answer) => answer.ok)!;
    expect(await readPlan(database.db, user.id, park.id)).toEqual(saved(winner));
  });

  it("refuses another park's ride, a pending or rejected ride, a removed ride and an unknown id, writing nothing", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(1);
    const mine = rideRows[0]!.id;
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([mine]) }));
    const { rides: elsewhere } = await parkWithRides(1);
    const pending = await createRide(database.db, park.id, { moderationStatus: "pending" });
    const rejected = await createRide(database.db, park.id, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const removed = await createRide(database.db, park.id, { status: "removed" });
    const before = await plansDigest();
    for (const foreign of [elsewhere[0]!.id, pending.id, rejected.id, removed.id, crypto.randomUUID()]) {
      const answer = await savePlan(database.db, user, park.id, { version: 1, name: "", entries: entriesOf([mine, foreign]) });
      expect(answer).toEqual({ ok: false, error: "plans.errors.foreignRide" });
    }
    expect(await plansDigest()).toBe(before);
    expect((await readPlan(database.db, user.id, park.id))!.version).toBe(1);
  });

  it("checks the input again whoever calls it: a duplicate ride, more than 100 rides, a name too long, a malformed id", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(1);
    const ride = rideRows[0]!.id;
    const before = await plansDigest();
    const tooMany = Array.from({ length: PLAN_ENTRIES_MAX + 1 }, () => crypto.randomUUID());
    for (const input of [
      { version: 0, name: "", entries: entriesOf([ride, ride]) },
      { version: 0, name: "", entries: entriesOf(tooMany) },
      { version: 0, name: "n".repeat(PLAN_NAME_MAX + 1), entries: [] },
      { version: 0, name: "", entries: entriesOf(["ride-1"]) },
      { version: -1, name: "", entries: [] },
    ]) {
      expect(await savePlan(database.db, user, park.id, input)).toEqual({ ok: false, error: "plans.errors.badRequest" });
    }
    expect(await plansDigest()).toBe(before);
  });

  it("refuses a park that is unknown, not published or malformed", async () => {
    const user = await member();
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    const ride = await createRide(database.db, pending.id);
    const before = await plansDigest();
    for (const parkId of [pending.id, crypto.randomUUID(), "nope"]) {
      expect(await savePlan(database.db, user, parkId, { version: 0, name: "", entries: entriesOf([ride.id]) })).toEqual({ ok: false, error: "plans.errors.notFound" });
    }
    expect(await plansDigest()).toBe(before);
  });

  it("keeps a ride that closed or was unpublished after it was planned, shown as removed and out of the total", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(3);
    const [a, b, c] = rideRows.map((ride) => ride.id) as [string, string, string];
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([a, b, c]) }));
    await database.db.update(rides).set({ status: "removed" }).where(eq(rides.id, b));
    await database.db.update(rides).set({ moderationStatus: "pending" }).where(eq(rides.id, c));
    const read = (await readPlan(database.db, user.id, park.id))!;
    expect(read.entries.map((entry) => [entry.rideId, entry.removed])).toEqual([
      [a, false],
      [b, true],
      [c, true],
    ]);
    const again = saved(await savePlan(database.db, user, park.id, { version: 1, name: "", entries: entriesOf([c, a, b]) }));
    expect(again.entries.map((entry) => entry.removed)).toEqual([true, false, true]);
    const [row] = await database.db.select().from(visitPlans).where(eq(visitPlans.userId, user.id));
    expect(row!.totalDuration).toBe(60);
    // Once out of the plan, it cannot come back.
    saved(await savePlan(database.db, user, park.id, { version: 2, name: "", entries: entriesOf([a]) }));
    expect(await savePlan(database.db, user, park.id, { version: 3, name: "", entries: entriesOf([a, b]) })).toEqual({ ok: false, error: "plans.errors.foreignRide" });
  });

  it("keeps `completed` for the rides that stay; a save can neither set nor clear it", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const [a, b] = rideRows.map((ride) => ride.id) as [string, string];
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([a, b]) }));
    await rate(user.id, a);
    saved(await completePlanEntry(database.db, user, park.id, a, 1));
    // The client sends `completed` the other way round: ignored (checkPlanSave does not read it; the service never takes it).
    const forged = { version: 2, name: "", entries: [{ rideId: b, isPriority: false, completed: true }, { rideId: a, isPriority: true, completed: false }] };
    const plan = saved(await savePlan(database.db, user, park.id, forged));
    expect(plan.entries.map((entry) => [entry.rideId, entry.completed, entry.isPriority])).toEqual([
      [b, false, false],
      [a, true, true],
    ]);
    expect((await storedEntries(user.id, park.id)).map((entry) => entry.completed)).toEqual([false, true]);
    // Removed from the plan and added back: a new entry, not completed.
    saved(await savePlan(database.db, user, park.id, { version: 3, name: "", entries: entriesOf([b]) }));
    const back = saved(await savePlan(database.db, user, park.id, { version: 4, name: "", entries: entriesOf([b, a]) }));
    expect(back.entries.map((entry) => entry.completed)).toEqual([false, false]);
  });

  it("runs one transaction of a handful of statements per save", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(10);
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf(rideRows.map((ride) => ride.id)) }));
    const counter = { count: 0 };
    const answer = await countQueriesOf(counter, () =>
      savePlan(database.db, user, park.id, { version: 1, name: "Le plan", entries: entriesOf(rideRows.map((ride) => ride.id).reverse()) }),
    );
    expect(answer.ok).toBe(true);
    // suspension, allowance, park and rides, plan (version checked), delete, insert.
    expect(counter.count).toBeLessThanOrEqual(6);
  });

  it("refuses a suspended member and a member over the write limit, writing nothing", async () => {
    const { park, rides: rideRows } = await parkWithRides(1);
    const suspended = await member();
    await suspendMember(database.db, suspended.id, "Spam");
    const input = { version: 0, name: "", entries: entriesOf([rideRows[0]!.id]) };
    const before = await plansDigest();
    expect(await savePlan(database.db, suspended, park.id, input)).toEqual({ ok: false, error: "plans.errors.suspended" });
    expect(await completePlanEntry(database.db, suspended, park.id, rideRows[0]!.id, 0)).toEqual({ ok: false, error: "plans.errors.suspended" });
    expect(await plansDigest()).toBe(before);

    const busy = await member();
    const twoWrites = { ...WRITE_LIMITS, plan: [{ max: 2, seconds: 60 }] };
    saved(await savePlan(database.db, busy, park.id, input, twoWrites));
    saved(await savePlan(database.db, busy, park.id, { ...input, version: 1 }, twoWrites));
    const full = await plansDigest();
    expect(await savePlan(database.db, busy, park.id, { ...input, version: 2 }, twoWrites)).toEqual({ ok: false, error: "plans.errors.tooMany" });
    expect(await completePlanEntry(database.db, busy, park.id, rideRows[0]!.id, 2, twoWrites)).toEqual({ ok: false, error: "plans.errors.tooMany" });
    expect(await plansDigest()).toBe(full);
  });
});

describe("completing a ride of the plan (docs/rules/plans.md#completing-a-ride)", () => {
  it("needs the member's rating, then marks it completed once and bumps the version", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const [a, b] = rideRows.map((ride) => ride.id) as [string, string];
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([a, b]) }));
    const before = await plansDigest();
    expect(await completePlanEntry(database.db, user, park.id, a, 1)).toEqual({ ok: false, error: "plans.errors.notRated" });
    expect(await plansDigest()).toBe(before);
    await rate(user.id, a);
    const counter = { count: 0 };
    const done = saved(await countQueriesOf(counter, () => completePlanEntry(database.db, user, park.id, a, 1)));
    // suspension, allowance, version bump, the entry and the rating, the update, the ride logged (one statement:
    // docs/rules/ride-log.md#logging-a-ride), the plan read back.
    expect(counter.count).toBeLessThanOrEqual(7);
    expect(done.version).toBe(2);
    expect(done.entries.map((entry) => entry.completed)).toEqual([true, false]);
    expect(await readPlan(database.db, user.id, park.id)).toEqual(done);
    expect(await completePlanEntry(database.db, user, park.id, a, 2)).toEqual({ ok: false, error: "plans.errors.alreadyCompleted" });
    // A completion from a tab that read an older version is stale, with the plan as it is.
    expect(await completePlanEntry(database.db, user, park.id, b, 1)).toEqual({ ok: false, error: "plans.errors.stale", plan: done });
  });

  it("refuses a ride that is not in the member's plan, and a member without a plan", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const [a, b] = rideRows.map((ride) => ride.id) as [string, string];
    await rate(user.id, b);
    expect(await completePlanEntry(database.db, user, park.id, b, 0)).toEqual({ ok: false, error: "plans.errors.notInPlan" });
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "", entries: entriesOf([a]) }));
    expect(await completePlanEntry(database.db, user, park.id, b, 1)).toEqual({ ok: false, error: "plans.errors.notInPlan" });
    expect(await completePlanEntry(database.db, user, park.id, "nope", 1)).toEqual({ ok: false, error: "plans.errors.notInPlan" });
    expect(await completePlanEntry(database.db, user, crypto.randomUUID(), a, 1)).toEqual({ ok: false, error: "plans.errors.notFound" });
  });
});

describe("one member's plan is theirs only (IDOR)", () => {
  it("member B reads their own empty plan of the park, cannot change or complete A's, and A's plan stays as it was", async () => {
    const alice = await member();
    const bob = await member();
    const { park, rides: rideRows } = await parkWithRides(2);
    const [a, b] = rideRows.map((ride) => ride.id) as [string, string];
    const alicePlan = saved(await savePlan(database.db, alice, park.id, { version: 0, name: "Alice", entries: entriesOf([a, b]) }));
    await rate(bob.id, a);
    expect(await readPlan(database.db, bob.id, park.id)).toEqual({ parkId: park.id, name: "", version: 0, saved: false, entries: [] });
    expect(await completePlanEntry(database.db, bob, park.id, a, alicePlan.version)).toEqual({ ok: false, error: "plans.errors.notInPlan" });
    // Bob's save with Alice's version writes his own plan, never hers (and is stale: he has none at that version).
    expect(await savePlan(database.db, bob, park.id, { version: alicePlan.version, name: "Bob", entries: [] })).toMatchObject({ ok: false, error: "plans.errors.stale" });
    saved(await savePlan(database.db, bob, park.id, { version: 0, name: "Bob", entries: entriesOf([b]) }));
    expect(await readPlan(database.db, alice.id, park.id)).toEqual(alicePlan);
  });
});

describe("a member's plans on their profile, and with their account", () => {
  it("lists plans of published parks, most recently changed first, with their ride counts", async () => {
    const user = await member();
    const first = await parkWithRides(2);
    const second = await parkWithRides(1);
    const hidden = await parkWithRides(1);
    saved(await savePlan(database.db, user, first.park.id, { version: 0, name: "", entries: entriesOf(first.rides.map((ride) => ride.id)) }));
    saved(await savePlan(database.db, user, hidden.park.id, { version: 0, name: "", entries: entriesOf([hidden.rides[0]!.id]) }));
    saved(await savePlan(database.db, user, second.park.id, { version: 0, name: "Court", entries: entriesOf([second.rides[0]!.id]) }));
    await database.db.update(parks).set({ moderationStatus: "rejected", rejectionReason: "Doublon" }).where(eq(parks.id, hidden.park.id));
    const counter = { count: 0 };
    const plans = await countQueriesOf(counter, () => listMemberPlans(database.db, user.id));
    expect(counter.count).toBe(1);
    expect(plans).toEqual([
      { parkId: second.park.id, parkName: second.park.name, parkSlug: second.park.slug, name: "Court", rideCount: 1 },
      { parkId: first.park.id, parkName: first.park.name, parkSlug: first.park.slug, name: "", rideCount: 2 },
    ]);
    expect(await listMemberPlans(database.db, (await member()).id)).toEqual([]);
  });

  it("goes into the account's export and away with the account", async () => {
    const user = await member();
    const { park, rides: rideRows } = await parkWithRides(1);
    saved(await savePlan(database.db, user, park.id, { version: 0, name: "Export", entries: entriesOf([rideRows[0]!.id], [rideRows[0]!.id]) }));
    const exported = await exportAccountData(database.db, user.id);
    expect(exported!.visitPlans).toEqual([
      expect.objectContaining({ park_id: park.id, name: "Export", attractions: [expect.objectContaining({ attraction_id: rideRows[0]!.id, position: 1, is_priority: true })] }),
    ]);
    expect(await deleteAccount(database.db, { adminEmail: "admin@parcours.test" }, user.id)).toMatchObject({ ok: true });
    expect(await database.db.select().from(visitPlans).where(eq(visitPlans.userId, user.id))).toEqual([]);
  });
});
