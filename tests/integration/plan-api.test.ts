import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { PLAN_ENTRIES_MAX, PLAN_NAME_MAX, type PlanAnswer } from "~/domain/visit-plan";
import { action, loader } from "~/routes/api.plans";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { rideRatings, userWriteLimits } from "~/server/db/schema";
import { refuseForeignOrigins } from "../../http/same-origin";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * `/api/plans/:parkId` (decision 0022), the JSON endpoint of the visit plan, through
 * the real session lookup: who may read and write (the plan is always the
 * signed-in member's own), the statuses of each refusal, and bodies that are
 * not a plan (always a JSON 400, never a 500), nothing written on refusal.
 */
let database: TestDatabase;
let auth: ReturnType<typeof createAuthContext>;
let parkId: string;
let rides: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuthContext(database);
  const park = await createPark(database.db);
  parkId = park.id;
  rides = [];
  for (let index = 0; index < 3; index++) rides.push((await createRide(database.db, park.id, { duration: 90 })).id);
});
afterAll(async () => {
  await database.close();
});

type Caller = { id: string; cookie: string | null };

async function signedIn(): Promise<Caller> {
  const created = await createMemberWithPassword(database.db);
  return { id: created.id, cookie: await auth.signIn(created.email, "Parcours2026") };
}
const visitor: Caller = { id: "", cookie: null };

async function contextOf(caller: Caller) {
  return { ...auth.context, currentUser: caller.cookie ? await auth.currentUser(caller.cookie) : null };
}

function request(caller: Caller, park: string, init: { method?: string; body?: BodyInit; type?: string | null; pageMember?: string } = {}) {
  const headers = new Headers({ origin: TEST_ORIGIN, "x-parcours-client-ip": "192.0.2.7" });
  if (caller.cookie) headers.set("cookie", caller.cookie);
  if (init.pageMember) headers.set(PAGE_MEMBER_HEADER, init.pageMember);
  if (init.body !== undefined && init.type !== null) headers.set("content-type", init.type ?? "application/json");
  return new Request(`${TEST_ORIGIN}/api/plans/${park}`, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), headers, body: init.body });
}

async function get(caller: Caller, park = parkId, init: { pageMember?: string } = {}) {
  return (await loader({ request: request(caller, park, init), context: await contextOf(caller), params: { parkId: park } } as never)) as Response;
}

async function post(caller: Caller, body: unknown, park = parkId, init: { type?: string | null; raw?: BodyInit; pageMember?: string } = {}) {
  const args = {
    request: request(caller, park, { body: init.raw ?? JSON.stringify(body), type: init.type, pageMember: init.pageMember }),
    context: await contextOf(caller),
    params: { parkId: park },
  };
  return (await action(args as never)) as Response;
}

async function json(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as PlanAnswer;
}

async function plansDigest() {
  const [row] = await queryRows<{ digest: string }>(
    database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM visit_plans t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM visit_plan_attractions t), '')) AS digest`,
  );
  return row!.digest;
}

const save = (version: number, ids: string[], name = "") => ({ intent: "save", version, name, entries: ids.map((rideId) => ({ rideId, isPriority: false })) });

describe("GET /api/plans/:parkId", () => {
  it("answers 401 JSON to a visitor, 404 for an unknown, unpublished or malformed park, the member's own plan otherwise", async () => {
    const response = await get(visitor);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ ok: false, error: "plans.errors.unauthenticated" });
    const member = await signedIn();
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    for (const park of [crypto.randomUUID(), pending.id, "pas-un-id"]) {
      const missing = await get(member, park);
      expect(missing.status).toBe(404);
      expect(await json(missing)).toEqual({ ok: false, error: "plans.errors.notFound" });
    }
    const mine = await get(member);
    expect(mine.status).toBe(200);
    expect(await json(mine)).toEqual({ ok: true, plan: { parkId, name: "", version: 0, saved: false, entries: [] } });
  });
});

describe("POST /api/plans/:parkId", () => {
  it("saves, refuses a stale version with 409 and the current plan, and completes a rated ride", async () => {
    const member = await signedIn();
    const first = await post(member, save(0, [rides[1]!, rides[0]!], "Matin"));
    expect(first.status).toBe(200);
    const created = await json(first);
    expect(created.ok && created.plan.entries.map((entry) => entry.rideId)).toEqual([rides[1], rides[0]]);
    expect(created.ok && created.plan.version).toBe(1);
    expect(await json(await get(member))).toEqual(created);

    const stale = await post(member, save(0, [rides[2]!]));
    expect(stale.status).toBe(409);
    expect(await json(stale)).toEqual({ ok: false, error: "plans.errors.stale", plan: created.ok && created.plan });

    const notRated = await post(member, { intent: "complete", rideId: rides[0], version: 1 });
    expect(notRated.status).toBe(400);
    expect(await json(notRated)).toEqual({ ok: false, error: "plans.errors.notRated" });
    await database.db.insert(rideRatings).values({ userId: member.id, rideId: rides[0]!, rating: 5, audienceType: "thrill" });
    const done = await post(member, { intent: "complete", rideId: rides[0], version: 1 });
    expect(done.status).toBe(200);
    const completed = await json(done);
    expect(completed.ok && completed.plan.entries.map((entry) => entry.completed)).toEqual([false, true]);
    const again = await post(member, { intent: "complete", rideId: rides[0], version: 2 });
    expect([again.status, await json(again)]).toEqual([400, { ok: false, error: "plans.errors.alreadyCompleted" }]);
  });

  it("answers 400 JSON to anything that is not a plan, writing nothing", async () => {
    const member = await signedIn();
    const tooMany = Array.from({ length: PLAN_ENTRIES_MAX + 1 }, () => crypto.randomUUID());
    const bodies: Array<{ label: string; body?: unknown; raw?: BodyInit; type?: string | null }> = [
      { label: "broken JSON", raw: '{"intent": "save", "version": 0,' },
      { label: "form content type", raw: "intent=save", type: "application/x-www-form-urlencoded" },
      { label: "text/plain JSON (a cross-site form's only way)", raw: JSON.stringify(save(0, [])), type: "text/plain" },
      { label: "no content type", raw: JSON.stringify(save(0, [])), type: null },
      { label: "oversized", raw: JSON.stringify({ ...save(0, []), padding: "x".repeat(70 * 1024) }) },
      { label: "NUL byte", raw: `{"intent":"save","version":0,"name":"a\u0000b","entries":[]}` },
      { label: "escaped NUL in the name", body: save(0, [], "a\u0000b") },
      { label: "not UTF-8", raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) },
      { label: "no intent", body: { version: 0, name: "", entries: [] } },
      { label: "unknown intent", body: { intent: "delete" } },
      { label: "JSON null", body: null },
      { label: "an array", body: [save(0, [])] },
      { label: "negative version", body: save(-1, []) },
      { label: "fractional version", body: save(0.5, []) },
      { label: "version too large for the column", body: save(2 ** 31, []) },
      { label: "name too long", body: save(0, [], "n".repeat(PLAN_NAME_MAX + 1)) },
      { label: "entries not a list", body: { intent: "save", version: 0, name: "", entries: {} } },
      { label: "malformed ride id", body: save(0, ["ride-1"]) },
      { label: "priority not a boolean", body: { intent: "save", version: 0, name: "", entries: [{ rideId: rides[0], isPriority: "yes" }] } },
      { label: "duplicate ride", body: save(0, [rides[0]!, rides[0]!]) },
      { label: "duplicate ride, other case", body: save(0, [rides[0]!, rides[0]!.toUpperCase()]) },
      { label: `${PLAN_ENTRIES_MAX + 1} entries`, body: save(0, tooMany) },
      { label: "complete without a ride", body: { intent: "complete", version: 0 } },
      { label: "complete with a malformed ride", body: { intent: "complete", rideId: "x", version: 0 } },
    ];
    const before = await plansDigest();
    for (const { label, body, raw, type } of bodies) {
      const response = await post(member, body, parkId, { raw, type });
      expect(response.status, label).toBe(400);
      expect(await json(response), label).toEqual({ ok: false, error: "plans.errors.badRequest" });
    }
    expect(await plansDigest()).toBe(before);
    // A name of exactly the maximum, once trimmed, is fine.
    const longest = await json(await post(member, save(0, [], ` ${"n".repeat(PLAN_NAME_MAX)} `)));
    expect(longest.ok && longest.plan.name).toBe("n".repeat(PLAN_NAME_MAX));
  });

  it("refuses another park's ride (400) and an unknown park (404), writing nothing", async () => {
    const member = await signedIn();
    const elsewhere = await createPark(database.db);
    const foreign = await createRide(database.db, elsewhere.id);
    const before = await plansDigest();
    const response = await post(member, save(0, [rides[0]!, foreign.id]));
    expect([response.status, await json(response)]).toEqual([400, { ok: false, error: "plans.errors.foreignRide" }]);
    const unknown = await post(member, save(0, []), crypto.randomUUID());
    expect([unknown.status, await json(unknown)]).toEqual([404, { ok: false, error: "plans.errors.notFound" }]);
    const malformed = await post(member, save(0, []), "nope");
    expect([malformed.status, await json(malformed)]).toEqual([404, { ok: false, error: "plans.errors.notFound" }]);
    expect(await plansDigest()).toBe(before);
  });

  it("keeps each member to their own plan: B reads their own empty plan and cannot complete A's ride", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const alicePlan = await json(await post(alice, save(0, [rides[0]!, rides[1]!], "Alice")));
    await database.db.insert(rideRatings).values({ userId: bob.id, rideId: rides[0]!, rating: 4, audienceType: "kids" });
    expect(await json(await get(bob))).toEqual({ ok: true, plan: { parkId, name: "", version: 0, saved: false, entries: [] } });
    const refused = await post(bob, { intent: "complete", rideId: rides[0], version: 1 });
    expect([refused.status, await json(refused)]).toEqual([400, { ok: false, error: "plans.errors.notInPlan" }]);
    // The body cannot name another member: a `userId` is ignored, the save is Bob's own.
    const bobs = await json(await post(bob, { ...save(0, [rides[2]!], "Bob"), userId: alice.id }));
    expect(bobs.ok && bobs.plan.name).toBe("Bob");
    expect(await json(await get(alice))).toEqual(alicePlan);
  });

  it("answers 401 to a page rendered for another member (decision 0041): one member's changes never land with another's session", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const before = await plansDigest();
    const refused = await post(bob, save(0, [rides[0]!], "Alice's"), parkId, { pageMember: alice.id });
    expect([refused.status, await json(refused)]).toEqual([401, { ok: false, error: "plans.errors.unauthenticated" }]);
    const read = await get(bob, parkId, { pageMember: alice.id });
    expect([read.status, await json(read)]).toEqual([401, { ok: false, error: "plans.errors.unauthenticated" }]);
    expect(await plansDigest()).toBe(before);
    const own = await json(await post(bob, save(0, [rides[0]!], "Bob's"), parkId, { pageMember: bob.id }));
    expect(own.ok && own.plan.name).toBe("Bob's");
  });

  it("answers 401 to a visitor and to a suspended member's session, 403 to a suspended member still resolved, 429 over the limit", async () => {
    const body = save(0, [rides[0]!]);
    const before = await plansDigest();
    const asVisitor = await post(visitor, body);
    expect([asVisitor.status, await json(asVisitor)]).toEqual([401, { ok: false, error: "plans.errors.unauthenticated" }]);

    const suspended = await signedIn();
    const resolved = await auth.currentUser(suspended.cookie!);
    await suspendMember(database.db, suspended.id, "Spam");
    // The session ends with the suspension: the next request is a visitor's.
    expect((await post(suspended, body)).status).toBe(401);
    // A request already under way (its member resolved before the suspension) is refused by the service.
    const underWay = await action({
      request: request(suspended, parkId, { body: JSON.stringify(body) }),
      context: { ...auth.context, currentUser: resolved },
      params: { parkId },
    } as never);
    expect([(underWay as Response).status, await json(underWay as Response)]).toEqual([403, { ok: false, error: "plans.errors.suspended" }]);
    expect(await plansDigest()).toBe(before);

    const busy = await signedIn();
    // 120 plan writes in the last minute already.
    await database.db.insert(userWriteLimits).values({ userId: busy.id, action: "plan", recent: sql`array_fill(now(), ARRAY[120])` });
    const limited = await post(busy, body);
    expect([limited.status, await json(limited)]).toEqual([429, { ok: false, error: "plans.errors.tooMany" }]);
    expect(await plansDigest()).toBe(before);
  });

  it("answers other methods with a 400 naming the allowed ones", async () => {
    const member = await signedIn();
    const response = (await action({
      request: request(member, parkId, { method: "PUT", body: JSON.stringify(save(0, [])) }),
      context: await contextOf(member),
      params: { parkId },
    } as never)) as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("a failure of the server", () => {
  it("is still a JSON answer (500, plans.errors.load or plans.errors.save), logged, never an HTML page", async () => {
    const member = await signedIn();
    const logged: unknown[] = [];
    const broken = new Proxy(database.db, {
      get: () => () => {
        throw new Error("database gone");
      },
    });
    const context = { ...(await contextOf(member)), db: broken, logger: { error: (entry: unknown) => logged.push(entry) } };
    const read = (await loader({ request: request(member, parkId), context, params: { parkId } } as never)) as Response;
    expect([read.status, await json(read)]).toEqual([500, { ok: false, error: "plans.errors.load" }]);
    const write = (await action({ request: request(member, parkId, { body: JSON.stringify(save(0, [])) }), context, params: { parkId } } as never)) as Response;
    expect([write.status, await json(write)]).toEqual([500, { ok: false, error: "plans.errors.save" }]);
    expect(logged).toHaveLength(2);
  });
});

describe("cross-site writes (http/same-origin.ts guards every POST, this endpoint's included)", () => {
  it("refuses a POST to /api/plans from another origin, or with no origin at all, before it reaches the route", async () => {
    const app = express();
    app.use(refuseForeignOrigins([TEST_ORIGIN]));
    let reached = 0;
    app.post("/api/plans/:parkId", (_request, response) => {
      reached++;
      response.json({ ok: true });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/plans/${parkId}`;
    const send = (headers: Record<string, string>) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(save(0, [])) });
    try {
      const foreign = await send({ origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(await foreign.text()).toBe("Requête refusée : elle ne vient pas de ce site.");
      expect((await send({ referer: "https://evil.example/page" })).status).toBe(403);
      expect((await send({})).status).toBe(403);
      expect(reached).toBe(0);
      expect((await send({ origin: TEST_ORIGIN })).status).toBe(200);
      expect(reached).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
