import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELOCATION_CANDIDATES, type AdminRidesView } from "~/domain/admin-ride-rows";
import type { CurrentUser } from "~/domain/current-user";
import { action, loader } from "~/routes/admin/attractions";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The ride screen's 'Continue l'attraction…' (docs/rules/back-office.md#ride-relocation): the view and its search,
 * the two actions through the route as the administrator, and their refusal to anyone else.
 */
let database: TestDatabase;
let context: AppLoadContext;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
  const created = await createMember(database.db);
  admin = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

const unique = () => crypto.randomBytes(3).toString("hex");

function view(user: CurrentUser | null, search: string): Promise<AdminRidesView> {
  return loader({ request: new Request(`${TEST_ORIGIN}/admin/attractions${search}`), context: { ...context, currentUser: user }, params: {} } as Parameters<typeof loader>[0]);
}

async function post(user: CurrentUser | null, fields: Record<string, string>) {
  const request = new Request(`${TEST_ORIGIN}/admin/attractions`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const result = await action({ request, context: { ...context, currentUser: user }, params: {} } as Parameters<typeof action>[0]).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, body: null };
  const withInit = result as { data?: unknown; init?: { status?: number } };
  return withInit.init ? { status: withInit.init.status, body: withInit.data } : { status: 200, body: result };
}

async function continuesOf(rideId: string) {
  const [row] = await database.db.select({ continuesId: schema.rides.continuesId }).from(schema.rides).where(eq(schema.rides.id, rideId));
  return row!.continuesId;
}

async function logOf(rideId: string) {
  return database.db
    .select({ details: schema.moderationLogs.actionDetails })
    .from(schema.moderationLogs)
    .where(eq(schema.moderationLogs.targetId, rideId))
    .orderBy(schema.moderationLogs.createdAt);
}

/** A ride moved from one park to another, and a ride of the same name left in the new park. */
async function relocated() {
  const name = `Toboggan ${unique()}`;
  const [before, after] = [await createPark(database.db, { name: `Avant ${unique()}` }), await createPark(database.db, { name: `Après ${unique()}` })];
  const original = await createRide(database.db, before.id, { name, status: "removed" });
  const moved = await createRide(database.db, after.id, { name: `${name} II` });
  const sameParkNamesake = await createRide(database.db, after.id, { name: `${name} Junior` });
  return { name, before, after, original, moved, sameParkNamesake };
}

describe("the ride it continues, in the ride screen", () => {
  it("finds the rides of other parks by name, ignoring case and accents, never the ride's own park's; in two statements", async () => {
    const { name, before, original, moved } = await relocated();
    const counter = { count: 0 };
    const shown = await countQueriesOf(counter, () => view(admin, `?continues=${moved.id}&q=${encodeURIComponent(name.toUpperCase().replace("O", "Ô"))}`));
    expect(counter.count).toBe(2);
    expect(shown).toMatchObject({ view: "continues", attraction: { id: moved.id, name: moved.name, continues: null } });
    expect(shown.view === "continues" && shown.candidates).toEqual([{ id: original.id, name: original.name, parkName: before.name, status: "removed" }]);

    // Nothing searched, or too short a text: no list.
    for (const search of ["", "&q=T"]) {
      const empty = await view(admin, `?continues=${moved.id}${search}`);
      expect(empty.view === "continues" && empty.candidates).toBeNull();
    }
    await expect(view(admin, `?continues=${crypto.randomUUID()}`)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(view(admin, "?continues=not-an-id")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it(`shows at most ${RELOCATION_CANDIDATES} rides found`, async () => {
    const name = `Chenille ${unique()}`;
    const other = await createPark(database.db);
    for (let index = 0; index <= RELOCATION_CANDIDATES; index++) await createRide(database.db, other.id, { name: `${name} ${index}` });
    const ride = await createRide(database.db, (await createPark(database.db)).id);
    const shown = await view(admin, `?continues=${ride.id}&q=${encodeURIComponent(name)}`);
    expect(shown.view === "continues" && shown.candidates).toHaveLength(RELOCATION_CANDIDATES);
  });

  it("links a ride to the one it continues, shows it, refuses a loop in words, and takes the link away, each logged", async () => {
    const { before, original, moved } = await relocated();
    expect(await post(admin, { intent: "setContinues", id: moved.id, continuesId: original.id })).toEqual({ status: 200, body: { ok: true, intent: "setContinues" } });
    expect(await continuesOf(moved.id)).toBe(original.id);
    expect(await view(admin, `?continues=${moved.id}`)).toMatchObject({ attraction: { continues: { name: original.name, parkName: before.name } } });
    // The edit view names it too.
    expect(await view(admin, `?edit=${moved.id}`)).toMatchObject({ view: "edit", continues: { name: original.name, parkName: before.name } });

    // The original continuing the ride that continues it would be a loop.
    expect(await post(admin, { intent: "setContinues", id: original.id, continuesId: moved.id })).toEqual({
      status: 400,
      body: { ok: false, intent: "setContinues", error: { key: "admin.attractions.errors.continuesItself" } },
    });
    // No ride chosen, or one that is gone: the screen was stale, nothing is written.
    for (const continuesId of ["", crypto.randomUUID()]) {
      expect(await post(admin, { intent: "setContinues", id: moved.id, continuesId })).toEqual({
        status: 404,
        body: { ok: false, intent: "setContinues", error: { key: "admin.errors.stale" } },
      });
    }
    expect(await continuesOf(original.id)).toBeNull();

    expect(await post(admin, { intent: "clearContinues", id: moved.id })).toEqual({ status: 200, body: { ok: true, intent: "clearContinues" } });
    expect(await continuesOf(moved.id)).toBeNull();
    expect(await view(admin, `?continues=${moved.id}`)).toMatchObject({ attraction: { continues: null } });
    expect((await logOf(moved.id)).map((row) => row.details)).toEqual([`continues ${original.id}`, null]);
  });

  it("refuses to link a ride to one of its own park, in words, changing nothing", async () => {
    const { original, moved, sameParkNamesake } = await relocated();
    expect(await post(admin, { intent: "setContinues", id: moved.id, continuesId: original.id })).toMatchObject({ status: 200 });
    const logged = await logOf(sameParkNamesake.id);
    // A relocation is the ride moved to another park: the namesake of the moved ride's park is no earlier place of it,
    // whether it is linked to the moved ride or the moved ride to it.
    for (const [rideId, continuesId] of [[sameParkNamesake.id, moved.id], [moved.id, sameParkNamesake.id]] as const) {
      expect(await post(admin, { intent: "setContinues", id: rideId, continuesId })).toEqual({
        status: 400,
        body: { ok: false, intent: "setContinues", error: { key: "admin.attractions.errors.continuesSamePark" } },
      });
    }
    expect(await continuesOf(moved.id)).toBe(original.id);
    expect(await continuesOf(sameParkNamesake.id)).toBeNull();
    expect(await logOf(sameParkNamesake.id)).toEqual(logged);
    expect((await logOf(moved.id)).map((row) => row.details)).toEqual([`continues ${original.id}`]);
  });

  it("refuses a visitor and a member, on the view and on both actions, and changes nothing", async () => {
    const { original, moved } = await relocated();
    expect((await post(admin, { intent: "setContinues", id: moved.id, continuesId: original.id })).status).toBe(200);
    const created = await createMember(database.db);
    const member: CurrentUser = { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
    const logged = await logOf(moved.id);
    const attempts: Record<string, string>[] = [
      { intent: "setContinues", id: original.id, continuesId: moved.id },
      { intent: "setContinues", id: moved.id, continuesId: crypto.randomUUID() },
      { intent: "clearContinues", id: moved.id },
    ];
    for (const fields of attempts) {
      expect((await post(null, fields)).status).toBe(302);
      expect((await post(member, fields)).status).toBe(403);
    }
    expect(await continuesOf(moved.id)).toBe(original.id);
    expect(await continuesOf(original.id)).toBeNull();
    expect(await logOf(moved.id)).toEqual(logged);
    expect(await logOf(original.id)).toEqual([]);
    const visitor = await view(null, `?continues=${moved.id}`).catch((thrown: unknown) => thrown);
    expect((visitor as Response).status).toBe(302);
    await expect(view(member, `?continues=${moved.id}`)).rejects.toMatchObject({ init: { status: 403 } });
  });
});
