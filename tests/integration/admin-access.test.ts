import { eq, sql } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_INTENTS, type AdminScreenWithActions } from "~/domain/admin-intents";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { rideRatings, commentReports, parkRatings, parkSuggestions, users } from "~/server/db/schema";
import routes from "~/routes";
import { ADMIN_SECTIONS } from "~/routes/admin/sections";
import { isExplainedRefusal, type ExplainedRefusal } from "~/domain/explained-refusal";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Every admin loader and every admin action checks the role on the
 * server (docs/rules/back-office.md#access). Each action of app/domain/admin-intents.ts is called, with a form
 * that would do something, as a visitor, a member and a suspended member: each
 * is refused (visitors and suspended members — signed out by their suspension —
 * to /login, members with 403) and nothing is written.
 */
let database: TestDatabase;
let auth: ReturnType<typeof createAuthContext>;
let memberCookie: string;
let suspendedCookie: string;
let unconfirmedAdminCookie: string;
let forms: Record<AdminScreenWithActions, Record<string, string>>;
let suggestionId: string;

const routeModules = import.meta.glob<{
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}>("../../app/routes/admin/*.tsx");

async function routeModule(screen: string) {
  const load = routeModules[`../../app/routes/admin/${screen}.tsx`];
  if (!load) throw new Error(`no route module for ${screen}`);
  return load();
}

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** The module app/routes.ts maps `/admin/<section>` to (the members' screen, members.tsx, is at /admin/users). */
function sectionModule(section: string): Promise<Awaited<ReturnType<typeof routeModule>>> {
  const path = section === "dashboard" ? "admin" : `admin/${section}`;
  const find = (entries: readonly RouteEntry[]): RouteEntry | undefined =>
    entries.map((entry) => (entry.path === path ? entry : find(entry.children ?? []))).find(Boolean);
  const file = find(routes as RouteEntry[])?.file;
  if (!file) throw new Error(`no route for /${path}`);
  return routeModule(file.replace(/^routes\/admin\/|\.tsx$/g, ""));
}

/** Everything an admin action could change, as one comparable value. */
async function snapshot() {
  const tables = [
    "parks",
    "attractions",
    "park_ratings",
    "attraction_ratings",
    "profiles",
    "comment_reports",
    "park_suggestions",
    "attraction_suggestions",
    "moderation_logs",
    "admin_settings",
    "session",
    "user",
  ];
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string }>(
      database.db,
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`),
    );
    rows[table] = row?.digest;
  }
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuthContext(database);
  const member = await createMemberWithPassword(database.db);
  memberCookie = await auth.signIn(member.email, "Parcours2026");
  const suspended = await createMemberWithPassword(database.db);
  suspendedCookie = await auth.signIn(suspended.email, "Parcours2026");
  await suspendMember(database.db, suspended.id, "Spam");
  // Whoever signed up first with ADMIN_EMAIL, the address not confirmed: not the administrator (decision 0038).
  const squatter = await createMemberWithPassword(database.db, auth.config.adminEmail);
  await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, squatter.id));
  unconfirmedAdminCookie = await auth.signIn(squatter.email, "Parcours2026");

  const author = await createMemberWithPassword(database.db);
  const park = await createPark(database.db, { moderationStatus: "pending", createdBy: author.id });
  const ride = await createRide(database.db, park.id, { moderationStatus: "pending", createdBy: author.id });
  const [review] = await database.db
    .insert(parkRatings)
    .values({ parkId: park.id, userId: author.id, thrillRating: 4, visitDuration: "full_day", comment: "Bien" })
    .returning();
  await database.db.insert(rideRatings).values({ rideId: ride.id, userId: author.id, rating: 4, audienceType: "thrill" });
  const [report] = await database.db
    .insert(commentReports)
    .values({ commentType: "park", commentId: review!.id, reportedBy: member.id, reason: "Spam" })
    .returning();
  const published = await createPark(database.db, { adultPrice: 30 });
  // A ride of another park, for 'continues the ride…' to name.
  const elsewhere = await createRide(database.db, published.id, { status: "removed" });
  const [suggestion] = await database.db
    .insert(parkSuggestions)
    .values({ parkId: published.id, suggestedBy: author.id, suggestedChanges: { adultPrice: 35 }, originalValues: { adultPrice: 30 }, reason: "Nouveau tarif" })
    .returning();
  suggestionId = suggestion!.id;
  forms = {
    parks: { id: park.id, reason: "Doublon", name: "Renamed", region: "Ailleurs", country: "France", descriptionFr: "Texte" },
    attractions: { id: ride.id, reason: "Doublon", name: "Renamed", typeId: "1", status: "operating", continuesId: elsewhere.id },
    members: { id: author.id, reason: "Spam" },
    ratings: { id: review!.id, type: "park" },
    comments: { id: report!.id, reason: "Traité", resolution: "Traité" },
    suggestions: { kind: "park", id: suggestionId, confirmed: "adultPrice", reason: "Non" },
    settings: { maxReportsBeforeHide: "1", autoModeration: "on", requireApproval: "", emailNotifications: "", digestFrequency: "weekly" },
  };
});

afterAll(async () => {
  await database?.close();
});

type Caller = { name: string; cookie: () => string | undefined; refusal: "login" | "forbidden" };
const CALLERS: Caller[] = [
  { name: "a visitor", cookie: () => undefined, refusal: "login" },
  { name: "a member", cookie: () => memberCookie, refusal: "forbidden" },
  { name: "a suspended member", cookie: () => suspendedCookie, refusal: "login" },
  { name: "ADMIN_EMAIL's account before its address is confirmed", cookie: () => unconfirmedAdminCookie, refusal: "forbidden" },
];

async function expectRefused(call: () => Promise<unknown>, refusal: Caller["refusal"]) {
  let thrown: unknown;
  try {
    await call();
  } catch (error) {
    thrown = error;
  }
  if (refusal === "login") {
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    // Back to the admin screen once signed in.
    expect(response.headers.get("location")).toMatch(/\/login\?redirectTo=%2Fadmin/);
  } else {
    // data(message, { status: 403 }) as React Router throws it.
    const status = (thrown as { init?: { status?: number } } | undefined)?.init?.status ?? (isRouteErrorResponse(thrown) ? thrown.status : undefined);
    expect(status).toBe(403);
  }
}

async function contextFor(caller: Caller) {
  const cookie = caller.cookie();
  return { ...auth.context, currentUser: cookie ? await auth.currentUser(cookie) : null };
}

describe("every admin action refuses everyone but the administrator, and writes nothing", () => {
  for (const caller of CALLERS) {
    for (const [screen, intents] of Object.entries(ADMIN_INTENTS) as Array<[AdminScreenWithActions, readonly string[]]>) {
      for (const intent of intents) {
        it(`${screen} ${intent}, as ${caller.name}`, async () => {
          const module = await routeModule(screen);
          expect(module.action, `${screen} has an action`).toBeTypeOf("function");
          const before = await snapshot();
          const context = await contextFor(caller);
          const request = auth.browserRequest(`/admin/${screen}`, { cookie: caller.cookie(), form: { ...forms[screen], intent } });
          await expectRefused(() => module.action!({ request, context, params: {} }), caller.refusal);
          expect(await snapshot()).toEqual(before);
        });
      }
    }
  }
});

describe("every admin screen's loader refuses everyone but the administrator", () => {
  for (const caller of CALLERS) {
    for (const screen of ["dashboard", ...ADMIN_SECTIONS]) {
      it(`${screen}, as ${caller.name}`, async () => {
        const module = await sectionModule(screen);
        const context = await contextFor(caller);
        const request = auth.browserRequest(`/admin/${screen === "dashboard" ? "" : screen}`, { cookie: caller.cookie() });
        await expectRefused(() => module.loader!({ request, context, params: {} }), caller.refusal);
      });
    }
  }
});

describe("the suggestions screen's detail (the loader its cards load when opened) refuses everyone but the administrator", () => {
  for (const caller of CALLERS) {
    it(`as ${caller.name}`, async () => {
      const module = await routeModule("suggestions");
      const context = await contextFor(caller);
      const request = auth.browserRequest(`/admin/suggestions?kind=park&suggestion=${suggestionId}`, { cookie: caller.cookie() });
      await expectRefused(() => module.loader!({ request, context, params: {} }), caller.refusal);
    });
  }
});

describe("ADMIN_EMAIL's account before its address is confirmed", () => {
  for (const [language, words] of [
    ["fr", /confirm.*Mon compte/s],
    ["en", /confirmed.*My account/s],
  ] as const) {
    it(`is told why on /admin, and where to confirm the address (${language})`, async () => {
      const module = await import("~/routes/admin/layout");
      const context = await contextFor(CALLERS[3]!);
      const request = auth.browserRequest("/admin", { cookie: unconfirmedAdminCookie });
      request.headers.set("cookie", `${unconfirmedAdminCookie}; lang=${language}`);
      let thrown: unknown;
      try {
        await module.loader({ request, context, params: {} } as never);
      } catch (error) {
        thrown = error;
      }
      const { data: refusal, init } = thrown as { data: unknown; init?: { status?: number } };
      expect(init?.status).toBe(403);
      expect(isExplainedRefusal(refusal)).toBe(true);
      const { body, link } = refusal as ExplainedRefusal;
      expect(body).toMatch(words);
      expect(link.href).toBe(`/${language}/account#account-email`);
    });
  }
});
