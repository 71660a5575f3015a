import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_LOG_LIMIT, DASHBOARD_PENDING_LIMIT, readModerationLogFilters, type ModerationLogFilters } from "~/domain/admin-dashboard";
import { ADMIN_PAGE_SIZE, readPageRequest, type PageRequest } from "~/domain/admin-paging";
import type { ModerationAction, ModerationTargetType } from "~/domain/moderation-log";
import { readDashboard } from "~/server/admin/dashboard";
import { logModeration } from "~/server/admin/moderation-log";
import { listModerationLog } from "~/server/admin/moderation-log-queries";
import { countQueriesOf } from "~/server/db/query-count";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as logLoader } from "~/routes/admin/log";
import type { CurrentUser } from "~/domain/current-user";
import { loadConfig } from "~/server/config";
import { rideSuggestions, commentReports, moderationLogs, parkRatings, parkSuggestions, users } from "~/server/db/schema";
import crypto from "node:crypto";
import { deleteAccount } from "~/server/accounts/delete-account";
import { queryRows } from "~/server/db/database";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/**
 * Times after everything the earlier tests of this file wrote (they all share
 * one database): each call is a minute later than the previous one.
 */
let clock = Date.UTC(2030, 0, 1);
const later = () => new Date((clock += 60_000));

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const counter = { count: 0 };
  const result = await countQueriesOf(counter, run);
  return { result, statements: counter.count };
}

/** One log row written as the moderation actions write it (in a transaction), then dated `at`. */
async function log(entry: { action: ModerationAction; targetType: ModerationTargetType; targetId: string; moderatorId: string; details?: string }, at = later()) {
  const [row] = await database.db.transaction(async (tx) => {
    await logModeration(tx, entry);
    // The row just written is the one dated with this transaction's start (now()).
    return tx
      .update(moderationLogs)
      .set({ createdAt: at })
      .where(sql`${moderationLogs.createdAt} = now() AND ${moderationLogs.targetId} = ${entry.targetId}`)
      .returning({ id: moderationLogs.id });
  });
  return row!.id;
}

describe("dashboard counters (docs/rules/back-office.md#dashboard)", () => {
  it("count exactly the pending parks, rides, suggestions, reports and the members; the whole dashboard in three statements", async () => {
    const { result: before } = await counted(() => readDashboard(database.db));
    const creator = await createMember(database.db);
    const reviewer = await createMember(database.db);
    const approvedPark = await createPark(database.db, { createdBy: creator.id });
    await createPark(database.db, { moderationStatus: "pending", createdBy: creator.id });
    await createPark(database.db, { moderationStatus: "pending" });
    await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const ride = await createRide(database.db, approvedPark.id, { moderationStatus: "pending" });
    await createRide(database.db, approvedPark.id, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    await createRide(database.db, approvedPark.id);
    const changes = { name: "Nouveau nom" };
    await database.db.insert(parkSuggestions).values([
      { parkId: approvedPark.id, suggestedBy: creator.id, suggestedChanges: changes, reason: "Le nom a changé" },
      { parkId: approvedPark.id, suggestedBy: creator.id, suggestedChanges: changes, reason: "Le nom a changé", status: "approved" },
    ]);
    await database.db.insert(rideSuggestions).values([
      { rideId: ride.id, suggestedBy: creator.id, suggestedChanges: changes, reason: "Nouveau nom" },
      { rideId: ride.id, suggestedBy: reviewer.id, suggestedChanges: changes, reason: "Nouveau nom" },
      { rideId: ride.id, suggestedBy: reviewer.id, suggestedChanges: changes, reason: "Nouveau nom", status: "rejected" },
    ]);
    const [review] = await database.db
      .insert(parkRatings)
      .values({ parkId: approvedPark.id, userId: creator.id, visitDuration: "full_day", thrillRating: 4 })
      .returning();
    await database.db.insert(commentReports).values([
      { commentType: "park", commentId: review!.id, reportedBy: reviewer.id, reason: "Spam" },
      { commentType: "park", commentId: review!.id, reportedBy: creator.id, reason: "Spam", status: "resolved", resolution: "Supprimé" },
    ]);

    const { result: after, statements } = await counted(() => readDashboard(database.db));
    expect(statements).toBe(3);
    expect({
      pendingParks: after.counts.pendingParks - before.counts.pendingParks,
      pendingAttractions: after.counts.pendingAttractions - before.counts.pendingAttractions,
      pendingParkSuggestions: after.counts.pendingParkSuggestions - before.counts.pendingParkSuggestions,
      pendingAttractionSuggestions: after.counts.pendingAttractionSuggestions - before.counts.pendingAttractionSuggestions,
      profiles: after.counts.profiles - before.counts.profiles,
      pendingReports: after.counts.pendingReports - before.counts.pendingReports,
    }).toEqual({
      pendingParks: 2,
      pendingAttractions: 1,
      pendingParkSuggestions: 1,
      pendingAttractionSuggestions: 2,
      profiles: 2,
      pendingReports: 1,
    });
  });
});

describe("dashboard members' count (decision 0059)", () => {
  it("is the count of accounts, kept by its trigger through sign-ups, a bulk insert and deletions, as a recount finds it", async () => {
    const { result: before } = await counted(() => readDashboard(database.db));
    const first = await createMember(database.db);
    await createMember(database.db);
    // Three accounts in one statement (a bulk load's COPY is one statement too): the trigger moves the count by three.
    const bulk = ["a", "b", "c"].map((letter) => ({ id: crypto.randomUUID(), name: `bulk_${letter}_${crypto.randomBytes(3).toString("hex")}` }));
    await database.db.insert(users).values(bulk.map(({ id, name }) => ({ id, name, email: `${name}@test.local` })));
    // One account deleted by the account's own deletion, two more in one statement, and a statement deleting none.
    expect((await deleteAccount(database.db, { adminEmail: "admin@test.local" }, first.id)).ok).toBe(true);
    await database.db.delete(users).where(inArray(users.id, [bulk[0]!.id, bulk[1]!.id]));
    await database.db.delete(users).where(sql`false`);

    const { result: after, statements } = await counted(() => readDashboard(database.db));
    expect(statements).toBe(3);
    expect(after.counts.profiles - before.counts.profiles).toBe(2);
    const [recount] = await queryRows<{ profiles: number }>(database.db, sql`SELECT count(*)::int AS profiles FROM profiles`);
    expect(after.counts.profiles).toBe(recount!.profiles);
    // The rebuild of every aggregate (a bulk load's) writes the same figure.
    await recomputeAllAggregates(database.db);
    expect((await readDashboard(database.db)).counts.profiles).toBe(recount!.profiles);
  });
});

describe("dashboard pending lists (docs/rules/back-office.md#dashboard)", () => {
  it("show the 5 newest pending parks and rides, newest first, with their creator and the ride's park", async () => {
    const creator = await createMember(database.db);
    const host = await createPark(database.db);
    const parks = [];
    const rides = [];
    for (let index = 0; index < 7; index++) {
      parks.push(await createPark(database.db, { moderationStatus: "pending", createdBy: index % 2 ? creator.id : null, createdAt: later() }));
      rides.push(await createRide(database.db, host.id, { moderationStatus: "pending", createdBy: creator.id, createdAt: later() }));
    }
    // Newer, but no longer pending: not listed.
    await createPark(database.db, { moderationStatus: "approved", createdAt: later() });
    await createRide(database.db, host.id, { moderationStatus: "rejected", rejectionReason: "Non", createdAt: later() });

    const { pendingParks, pendingAttractions } = await readDashboard(database.db);
    expect(pendingParks).toHaveLength(DASHBOARD_PENDING_LIMIT);
    expect(pendingParks.map((park) => park.id)).toEqual(parks.slice(2).reverse().map((park) => park.id));
    expect(pendingParks[0]).toEqual({
      id: parks[6]!.id,
      name: parks[6]!.name,
      parkName: null,
      creatorUsername: null,
      createdAt: parks[6]!.createdAt.toISOString(),
    });
    expect(pendingParks[1]!.creatorUsername).toBe(creator.username);
    expect(pendingAttractions.map((ride) => ride.id)).toEqual(rides.slice(2).reverse().map((ride) => ride.id));
    expect(pendingAttractions[0]).toMatchObject({ name: rides[6]!.name, parkName: host.name, creatorUsername: creator.username });
  });
});

describe("dashboard recent activity (docs/rules/back-office.md#dashboard)", () => {
  it("shows the last 10 entries, newest first, with the moderator's username and the target's name while it exists", async () => {
    const admin = await createMember(database.db);
    const formerAdmin = await createMember(database.db);
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const gone = await createPark(database.db);
    const reportId = crypto.randomUUID();

    const older: string[] = [];
    for (let index = 0; index < 3; index++) older.push(await log({ action: "approve", targetType: "park", targetId: park.id, moderatorId: admin.id }));
    const ids = [
      await log({ action: "approve", targetType: "park", targetId: park.id, moderatorId: admin.id }),
      await log({ action: "reject", targetType: "attraction", targetId: ride.id, moderatorId: admin.id, details: "Doublon" }),
      await log({ action: "suspend", targetType: "user", targetId: member.id, moderatorId: admin.id, details: "Insultes" }),
      await log({ action: "delete", targetType: "park", targetId: gone.id, moderatorId: admin.id }),
      await log({ action: "resolve", targetType: "comment_report", targetId: reportId, moderatorId: formerAdmin.id, details: "Avis supprimé" }),
    ];
    for (let index = 0; index < 5; index++) ids.push(await log({ action: "reactivate", targetType: "user", targetId: member.id, moderatorId: admin.id }));
    await database.db.delete(users).where(inArray(users.id, [formerAdmin.id]));
    await database.db.execute(sql`DELETE FROM parks WHERE id = ${gone.id}`);

    const { recentLog } = await readDashboard(database.db);
    expect(recentLog).toHaveLength(DASHBOARD_LOG_LIMIT);
    expect(recentLog.map((entry) => entry.id)).toEqual([...ids].reverse());
    const byId = new Map(recentLog.map((entry) => [entry.id, entry]));
    expect(byId.get(ids[0]!)).toMatchObject({ action: "approve", targetType: "park", targetName: park.name, moderatorUsername: admin.username, details: null });
    expect(byId.get(ids[1]!)).toMatchObject({ action: "reject", targetType: "attraction", targetName: ride.name, details: "Doublon" });
    expect(byId.get(ids[2]!)).toMatchObject({ action: "suspend", targetType: "user", targetName: member.username, details: "Insultes" });
    expect(byId.get(ids[3]!)).toMatchObject({ action: "delete", targetType: "park", targetId: gone.id, targetName: null });
    expect(byId.get(ids[4]!)).toMatchObject({ action: "resolve", targetType: "comment_report", targetId: reportId, targetName: null, targetAuthor: null, moderatorUsername: null });
    expect(recentLog.some((entry) => older.includes(entry.id))).toBe(false);
  });
});

describe("log entries about a report or a suggestion", () => {
  it("name the reviewed park or ride with the review's author, and the suggestion's subject with its author", async () => {
    const author = await createMember(database.db);
    const reporter = await createMember(database.db);
    const admin = await createMember(database.db);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const [review] = await database.db
      .insert(parkRatings)
      .values({ parkId: park.id, userId: author.id, visitDuration: "full_day", thrillRating: 4 })
      .returning();
    const [report] = await database.db
      .insert(commentReports)
      .values({ commentType: "park", commentId: review!.id, reportedBy: reporter.id, reason: "Spam" })
      .returning();
    const [suggestion] = await database.db
      .insert(rideSuggestions)
      .values({ rideId: ride.id, suggestedBy: author.id, suggestedChanges: { name: "Autre" }, reason: "Renommée" })
      .returning();
    const reportEntry = await log({ action: "resolve", targetType: "comment_report", targetId: report!.id, moderatorId: admin.id });
    const suggestionEntry = await log({ action: "approve", targetType: "suggestion", targetId: suggestion!.id, moderatorId: admin.id });
    const settingsEntry = await log({ action: "update_settings", targetType: "settings", targetId: "general", moderatorId: admin.id, details: "autoModeration=false" });

    const { recentLog } = await readDashboard(database.db);
    const byId = new Map(recentLog.map((entry) => [entry.id, entry]));
    expect(byId.get(reportEntry)).toMatchObject({ targetName: park.name, targetAuthor: author.username });
    expect(byId.get(suggestionEntry)).toMatchObject({ targetName: ride.name, targetAuthor: author.username });
    expect(byId.get(settingsEntry)).toMatchObject({ targetName: null, targetAuthor: null });
  });
});

describe("moderation log screen", () => {
  const filters = (params: Record<string, string>): ModerationLogFilters => {
    const search = new URLSearchParams(params);
    return readModerationLogFilters(search, search.get("q") ?? "");
  };

  async function everyPage(wanted: ModerationLogFilters): Promise<{ ids: string[]; statements: number[] }> {
    const ids: string[] = [];
    const statements: number[] = [];
    let page: PageRequest = readPageRequest(new URLSearchParams());
    for (;;) {
      const { result, statements: count } = await counted(() => listModerationLog(database.db, wanted, page));
      statements.push(count);
      ids.push(...result.rows.map((row) => row.id));
      if (!result.older) return { ids, statements };
      page = readPageRequest(new URLSearchParams({ older: result.older }));
    }
  }

  it("reads every entry once across pages, newest first, one statement a page, and pages back", async () => {
    const moderator = await createMember(database.db, `pager_${crypto.randomUUID().slice(0, 6)}`);
    const park = await createPark(database.db);
    const at = later();
    const written: string[] = [];
    // Several entries share a time: the id breaks the tie and none is skipped or repeated.
    for (let index = 0; index < 45; index++) {
      written.push(await log({ action: "update", targetType: "park", targetId: park.id, moderatorId: moderator.id }, index % 3 === 0 ? at : later()));
    }
    const wanted = filters({ q: moderator.username });
    const { ids, statements } = await everyPage(wanted);
    expect(ids).toHaveLength(45);
    expect(new Set(ids)).toEqual(new Set(written));
    expect(statements).toEqual([1, 1, 1]);

    const first = await listModerationLog(database.db, wanted, readPageRequest(new URLSearchParams()));
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.newer).toBeNull();
    const second = await listModerationLog(database.db, wanted, readPageRequest(new URLSearchParams({ older: first.older! })));
    expect(second.newer).not.toBeNull();
    const back = await listModerationLog(database.db, wanted, readPageRequest(new URLSearchParams({ newer: second.newer! })));
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    expect(back.newer).toBeNull();
  });

  it("filters by action, by target type and by the moderator's username", async () => {
    const alice = await createMember(database.db, `alice_${crypto.randomUUID().slice(0, 6)}`);
    const bruno = await createMember(database.db, `bruno_${crypto.randomUUID().slice(0, 6)}`);
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const aliceApprovesPark = await log({ action: "approve", targetType: "park", targetId: park.id, moderatorId: alice.id });
    const aliceSuspends = await log({ action: "suspend", targetType: "user", targetId: member.id, moderatorId: alice.id, details: "Spam" });
    const brunoRejectsPark = await log({ action: "reject", targetType: "park", targetId: park.id, moderatorId: bruno.id, details: "Doublon" });
    const brunoReactivates = await log({ action: "reactivate", targetType: "user", targetId: member.id, moderatorId: bruno.id });
    const mine = new Set([aliceApprovesPark, aliceSuspends, brunoRejectsPark, brunoReactivates]);
    const ours = async (params: Record<string, string>) => (await everyPage(filters(params))).ids.filter((id) => mine.has(id));

    expect(await ours({})).toEqual([brunoReactivates, brunoRejectsPark, aliceSuspends, aliceApprovesPark]);
    expect(await ours({ q: alice.username })).toEqual([aliceSuspends, aliceApprovesPark]);
    expect(await ours({ q: alice.username.toUpperCase() })).toEqual([aliceSuspends, aliceApprovesPark]);
    expect(await ours({ target: "park" })).toEqual([brunoRejectsPark, aliceApprovesPark]);
    expect(await ours({ action: "suspend" })).toEqual([aliceSuspends]);
    expect(await ours({ action: "reject", target: "park", q: bruno.username })).toEqual([brunoRejectsPark]);
    expect(await ours({ action: "reject", q: alice.username })).toEqual([]);
    // An unknown filter value means "all"; the search's wildcards are plain characters.
    expect(await ours({ action: "explode", target: "planet", q: alice.username })).toEqual([aliceSuspends, aliceApprovesPark]);
    expect((await everyPage(filters({ q: "%" }))).ids).toEqual([]);
    const filtered = await listModerationLog(database.db, filters({ target: "user" }), readPageRequest(new URLSearchParams()));
    expect(filtered.rows.every((row) => row.targetType === "user")).toBe(true);
    const [suspension] = (await listModerationLog(database.db, filters({ action: "suspend", q: alice.username }), readPageRequest(new URLSearchParams()))).rows;
    expect(suspension).toMatchObject({ moderatorUsername: alice.username, targetName: member.username, details: "Spam" });
  });

  it("has an index for each filter", async () => {
    const indexes = await database.db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'moderation_logs'`);
    const names = (Array.isArray(indexes) ? indexes : (indexes as { rows: { indexname: string }[] }).rows).map((row: { indexname: string }) => row.indexname);
    expect(names).toEqual(expect.arrayContaining(["moderation_logs_action_created_idx", "moderation_logs_target_created_idx"]));
  });
});

describe("the screens' loaders", () => {
  const config = loadConfig({ PUBLIC_URL: "http://parcours.test" });
  const call = async <Loader extends (args: never) => Promise<unknown>>(loader: Loader, path: string, currentUser: CurrentUser | null) => {
    const request = new Request(`http://parcours.test${path}`, { headers: { "accept-language": "fr" } });
    const args = { request, params: {}, context: { db: database.db, config, currentUser } } as unknown as Parameters<Loader>[0];
    try {
      return await loader(args);
    } catch (thrown) {
      return thrown;
    }
  };

  it("refuse visitors (to /login) and members (403), each on its own", async () => {
    const created = await createMember(database.db);
    const member: CurrentUser = { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
    for (const [loader, path] of [
      [dashboardLoader, "/admin"],
      [logLoader, "/admin/log"],
    ] as const) {
      const visitor = (await call(loader, path, null)) as Response;
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/fr\/login\?redirectTo=%2Fadmin/);
      expect(await call(loader, path, member)).toMatchObject({ init: { status: 403 } });
    }
  });

  it("answer the administrator within 6 statements", async () => {
    const created = await createMember(database.db);
    const admin: CurrentUser = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
    const dashboard = await counted(() => call(dashboardLoader, "/admin", admin));
    expect(dashboard.statements).toBeLessThanOrEqual(6);
    expect(dashboard.result).toMatchObject({ counts: expect.any(Object), recentLog: expect.any(Array), now: expect.any(String) });
    const log = await counted(() => call(logLoader, "/admin/log?action=approve&target=park&q=a", admin));
    expect(log.statements).toBeLessThanOrEqual(6);
    expect(log.result).toMatchObject({ rows: expect.any(Array), now: expect.any(String) });
  });
});
