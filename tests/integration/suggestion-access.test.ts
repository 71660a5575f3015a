import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as rideAction, loader as rideLoader } from "~/routes/attraction-suggest";
import { action as parkAction, loader as parkLoader } from "~/routes/park-suggest";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The members' suggestion pages refuse whoever is not a signed-in
 * member in good standing — a visitor, and a suspended member (signed out by
 * the suspension, whose session cookie still arrives) — on the page and on its
 * action, through the real session lookup, and nothing is written. (The
 * moderation actions are refused to everyone but the administrator in
 * admin-access.test.ts, which calls each intent of ADMIN_INTENTS.suggestions.)
 */
let database: TestDatabase;
let auth: ReturnType<typeof createAuthContext>;
let suspendedCookie: string;
let memberCookie: string;
let parkId: string;
let rideId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuthContext(database);
  const suspended = await createMemberWithPassword(database.db);
  suspendedCookie = await auth.signIn(suspended.email, "Parcours2026");
  await suspendMember(database.db, suspended.id, "Spam");
  const member = await createMemberWithPassword(database.db);
  memberCookie = await auth.signIn(member.email, "Parcours2026");
  const park = await createPark(database.db, { adultPrice: 30 });
  parkId = park.id;
  rideId = (await createRide(database.db, park.id)).id;
});
afterAll(async () => {
  await database.close();
});

async function suggestionsDigest() {
  const [row] = await queryRows<{ digest: string }>(
    database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM park_suggestions t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM attraction_suggestions t), '')
      || coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM user_write_limits t), '')) AS digest`,
  );
  return row!.digest;
}

function multipart(path: string, cookie: string | null, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ origin: TEST_ORIGIN, "x-parcours-client-ip": "192.0.2.9" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body });
}

const targets = () =>
  [
    { kind: "park", path: `/fr/parks/${parkId}/suggest`, id: parkId, action: parkAction, loader: parkLoader, fields: { adultPrice: "45", reason: "Tarif" } },
    { kind: "attraction", path: `/fr/attractions/${rideId}/suggest`, id: rideId, action: rideAction, loader: rideLoader, fields: { inversions: "3", reason: "Compté" } },
  ] as const;

describe("suggesting is for members in good standing", () => {
  for (const caller of [
    { name: "a visitor", cookie: () => null },
    { name: "a suspended member", cookie: () => suspendedCookie },
  ]) {
    it(`refuses ${caller.name} on both pages and both actions ('Non authentifié'), writing nothing`, async () => {
      for (const target of targets()) {
        const before = await suggestionsDigest();
        const cookie = caller.cookie();
        const context = { ...auth.context, currentUser: cookie ? await auth.currentUser(cookie) : null };
        const args = { request: multipart(target.path, cookie, target.fields), context, params: { id: target.id } };
        const answer = (await target.action(args as never)) as { init?: { status?: number }; data?: unknown };
        expect(answer.init?.status, target.kind).toBe(401);
        expect(answer.data).toEqual({ intent: "suggest", errors: { form: [{ key: "suggestions.errors.notAuthenticated" }] } });
        expect(await suggestionsDigest()).toBe(before);

        const headers = new Headers(cookie ? { cookie } : {});
        const page = await Promise.resolve(
          target.loader({ request: new Request(`${TEST_ORIGIN}${target.path}`, { headers }), context, params: { id: target.id } } as never),
        ).catch((thrown: unknown) => thrown);
        expect((page as Response).status, target.kind).toBe(302);
        expect((page as Response).headers.get("location")).toBe(`/fr/login?redirectTo=${encodeURIComponent(target.path)}`);
      }
    });
  }

  it("accepts the same posts from a member in good standing (the refusals above are about the caller)", async () => {
    const context = { ...auth.context, currentUser: await auth.currentUser(memberCookie) };
    for (const target of targets()) {
      const answer = await target.action({ request: multipart(target.path, memberCookie, target.fields), context, params: { id: target.id } } as never);
      expect(answer, target.kind).toEqual({ intent: "suggest", sent: { replaced: false } });
    }
  });
});
