import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { countQueriesOf } from "~/server/db/query-count";
import { RENDER_IN_FULL, memberPartReader } from "~/server/pages/member-parts";
import { createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * A member's own part of a shared page (decision 0060): what replaces the visitor's fields of the page's data, read
 * in a statement or two; and the pages that must be rendered in full for them instead.
 */
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

async function partOf(route: string, user: CurrentUser, params: Record<string, string>, address = "http://parcours.test/fr/x") {
  const counter = { count: 0 };
  const part = await countQueriesOf(counter, () => memberPartReader(route)!({ db: database.db, user, params, url: new URL(address) }));
  return { part, statements: counter.count };
}

describe("a member's part of a shared page", () => {
  it("on the home page their pending contributions; on the rankings nothing, without a statement; their own profile in full", async () => {
    const viewer = await member();
    const pending = await createPark(database.db, { moderationStatus: "pending", createdBy: viewer.id });
    const home = await partOf("home", viewer, {});
    expect(home.statements).toBe(1);
    expect((home.part as { pending: Array<{ name: string }> }).pending.map((item) => item.name)).toEqual([pending.name]);
    expect(await partOf("rankings", viewer, {})).toEqual({ part: {}, statements: 0 });
    expect((await partOf("profile", viewer, {})).part).toBe(RENDER_IN_FULL);
    expect((await partOf("profile", viewer, { userId: viewer.id })).part).toHaveProperty("reviews");
  });

  it("pages with a member's tools are not shared at all", () => {
    // The park and ride pages' forms are rendered by the server, to work before and without the page's scripts.
    for (const route of ["park", "attraction", "account", "duels", "contribute", "login", "park-suggest", "profile-top-lists"]) expect(memberPartReader(route)).toBeNull();
  });
});
