import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageRequest } from "~/domain/admin-paging";
import type { CurrentUser } from "~/domain/current-user";
import { listMembers } from "~/server/admin/admin-members";
import { deleteMemberAsAdmin, reactivateMemberAsAdmin, suspendMemberAsAdmin } from "~/server/admin/member-moderation";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
  const account = await createMemberWithPassword(database.db, harness.config.adminEmail, `admin_${crypto.randomBytes(3).toString("hex")}`);
  admin = { id: account.id, username: account.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

const profileOf = async (id: string) =>
  (await database.db.select().from(schema.profiles).where(eq(schema.profiles.id, id)))[0];
const logRows = (targetId: string) =>
  database.db.select().from(schema.moderationLogs).where(eq(schema.moderationLogs.targetId, targetId)).orderBy(schema.moderationLogs.createdAt);
const sessionCount = async (userId: string) =>
  (await database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId))).length;
/** An administrator whose log rows cannot be written (no such profile): the transaction must fail whole. */
const ghostAdmin = (): CurrentUser => ({ id: crypto.randomUUID(), username: "ghost", isAdmin: true, twoFactorEnabled: false });

describe("suspending and reactivating a member from the back office", () => {
  it("suspends with the reason, ends every session at once, blocks sign-in, and logs the reason", async () => {
    const member = await createMemberWithPassword(database.db);
    const first = await harness.signIn(member.email, MEMBER_PASSWORD);
    const second = await harness.signIn(member.email, MEMBER_PASSWORD, "192.0.2.7");
    expect(await harness.currentUser(first)).toMatchObject({ id: member.id });
    expect(await sessionCount(member.id)).toBe(2);

    expect(await suspendMemberAsAdmin(harness.context, admin, member.id, "  Spam répété  ")).toEqual({ ok: true });

    expect(await profileOf(member.id)).toMatchObject({ isSuspended: true, suspensionReason: "Spam répété" });
    expect(await sessionCount(member.id)).toBe(0);
    expect(await harness.currentUser(first)).toBeNull();
    expect(await harness.currentUser(second)).toBeNull();
    await expect(harness.signIn(member.email, MEMBER_PASSWORD)).rejects.toThrow(/sign-in: suspended/);
    expect(await logRows(member.id)).toEqual([
      expect.objectContaining({ actionType: "suspend", targetType: "user", moderatorId: admin.id, actionDetails: "Spam répété" }),
    ]);
  });

  it("requires a reason, on the server too: nothing written", async () => {
    const member = await createMemberWithPassword(database.db);
    const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
    expect(await suspendMemberAsAdmin(harness.context, admin, member.id, "   ")).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "admin.errors.reasonRequired" },
    });
    expect(await profileOf(member.id)).toMatchObject({ isSuspended: false, suspensionReason: null });
    expect(await harness.currentUser(cookie)).toMatchObject({ id: member.id });
    expect(await logRows(member.id)).toEqual([]);
  });

  it("reactivates (reason cleared, logged); a state already reached is stale and changes nothing", async () => {
    const member = await createMemberWithPassword(database.db);
    const stale = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
    expect(await reactivateMemberAsAdmin(harness.context, admin, member.id)).toEqual(stale);
    expect(await suspendMemberAsAdmin(harness.context, admin, member.id, "Insultes")).toEqual({ ok: true });
    expect(await suspendMemberAsAdmin(harness.context, admin, member.id, "Autre raison")).toEqual(stale);
    expect(await profileOf(member.id)).toMatchObject({ isSuspended: true, suspensionReason: "Insultes" });

    expect(await reactivateMemberAsAdmin(harness.context, admin, member.id)).toEqual({ ok: true });
    expect(await profileOf(member.id)).toMatchObject({ isSuspended: false, suspensionReason: null });
    expect(await reactivateMemberAsAdmin(harness.context, admin, member.id)).toEqual(stale);
    expect((await logRows(member.id)).map((row) => [row.actionType, row.actionDetails])).toEqual([
      ["suspend", "Insultes"],
      ["reactivate", null],
    ]);
    expect(await harness.signIn(member.email, MEMBER_PASSWORD)).toBeTruthy();
  });

  it("a member who no longer exists is stale; a malformed id is a bad request", async () => {
    expect(await suspendMemberAsAdmin(harness.context, admin, crypto.randomUUID(), "Spam")).toMatchObject({ reason: "conflict" });
    expect(await deleteMemberAsAdmin(harness.context, admin, crypto.randomUUID())).toMatchObject({ reason: "conflict" });
    expect(await suspendMemberAsAdmin(harness.context, admin, "x'; DROP", "Spam")).toMatchObject({ reason: "invalid" });
  });

  it("refuses the administrator's own account and ADMIN_EMAIL's, writing nothing", async () => {
    const self = { ok: false, reason: "forbidden", error: { key: "admin.users.selfRefused" } };
    expect(await suspendMemberAsAdmin(harness.context, admin, admin.id, "Test")).toEqual(self);
    expect(await deleteMemberAsAdmin(harness.context, admin, admin.id)).toEqual(self);
    // Another administrator session (same role) cannot touch the ADMIN_EMAIL account either.
    const other: CurrentUser = { ...admin, id: (await createMemberWithPassword(database.db)).id };
    const protectedAccount = { ok: false, reason: "forbidden", error: { key: "admin.users.adminRefused" } };
    expect(await suspendMemberAsAdmin(harness.context, other, admin.id, "Test")).toEqual(protectedAccount);
    expect(await deleteMemberAsAdmin(harness.context, other, admin.id)).toEqual(protectedAccount);
    expect(await profileOf(admin.id)).toMatchObject({ isSuspended: false });
    expect(await logRows(admin.id)).toEqual([]);
  });

  it("a failure while logging leaves neither the suspension nor the log row, and answers the screen's message", async () => {
    const member = await createMemberWithPassword(database.db);
    const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
    expect(await suspendMemberAsAdmin(harness.context, ghostAdmin(), member.id, "Spam")).toEqual({
      ok: false,
      reason: "failed",
      error: { key: "admin.users.updateFailed" },
    });
    expect(await profileOf(member.id)).toMatchObject({ isSuspended: false });
    expect(await harness.currentUser(cookie)).toMatchObject({ id: member.id });
    expect(await logRows(member.id)).toEqual([]);
  });
});

describe("deleting a member from the back office", () => {
  async function memberWithReviews() {
    const member = await createMemberWithPassword(database.db);
    const other = await createMemberWithPassword(database.db);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const [review] = await database.db
      .insert(schema.parkRatings)
      .values({ parkId: park.id, userId: member.id, thrillRating: 4, themingRating: 2, visitDuration: "full_day", comment: "Bof" })
      .returning();
    await database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: other.id, thrillRating: 5, visitDuration: "half_day" });
    await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: member.id, rating: 2, audienceType: "thrill" });
    await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: other.id, rating: 5, audienceType: "kids" });
    await database.db.insert(schema.ratingVotes).values({ ratingType: "park", ratingId: review!.id, userId: other.id, isHelpful: true });
    const pendingPark = await createPark(database.db, { createdBy: member.id, moderationStatus: "pending" });
    await recomputeAllAggregates(database.db);
    return { member, other, park, ride, pendingPark };
  }

  it("removes the member, their reviews and contributions, recomputes what they touched, and logs it in the same transaction", async () => {
    const world = await memberWithReviews();
    const cookie = await harness.signIn(world.member.email, MEMBER_PASSWORD);
    expect(await deleteMemberAsAdmin(harness.context, admin, world.member.id)).toEqual({ ok: true });

    expect(await profileOf(world.member.id)).toBeUndefined();
    expect(await harness.currentUser(cookie)).toBeNull();
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM park_ratings WHERE user_id = ${world.member.id})
        + (SELECT count(*) FROM attraction_ratings WHERE user_id = ${world.member.id})
        + (SELECT count(*) FROM parks WHERE id = ${world.pendingPark.id})::int AS n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    await expectAggregatesAsRecomputed(database.db);
    expect(await logRows(world.member.id)).toEqual([
      expect.objectContaining({ actionType: "delete", targetType: "user", moderatorId: admin.id, actionDetails: null }),
    ]);
    expect(await deleteMemberAsAdmin(harness.context, admin, world.member.id)).toMatchObject({ reason: "conflict" });
  });

  it("a failure while logging rolls the whole deletion back", async () => {
    const world = await memberWithReviews();
    expect(await deleteMemberAsAdmin(harness.context, ghostAdmin(), world.member.id)).toEqual({
      ok: false,
      reason: "failed",
      error: { key: "admin.users.deleteFailed" },
    });
    expect(await profileOf(world.member.id)).toBeDefined();
    const reviews = await database.db.select().from(schema.parkRatings).where(eq(schema.parkRatings.userId, world.member.id));
    expect(reviews).toHaveLength(1);
    expect(await logRows(world.member.id)).toEqual([]);
    await expectAggregatesAsRecomputed(database.db);
  });
});

describe("the members list", () => {
  it("pages newest first by keyset, searches username or e-mail, filters by status, and marks protected rows", async () => {
    const tag = `lm${crypto.randomBytes(3).toString("hex")}`;
    const members = [];
    for (let index = 0; index < 23; index++) {
      const member = await createMemberWithPassword(database.db, `${tag}.${index}@example.com`, `${tag}_${index}`);
      // Equal timestamps in pairs: the id breaks the tie.
      await database.db
        .update(schema.profiles)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(index / 2))) })
        .where(eq(schema.profiles.id, member.id));
      members.push(member);
    }
    await suspendMemberAsAdmin(harness.context, admin, members[3]!.id, "Spam");

    const read = (params: Record<string, string>) => {
      const search = new URLSearchParams(params);
      return listMembers(database.db, harness.config, admin, {
        search: search.get("q") ?? "",
        status: (search.get("status") as "active" | "suspended" | null) ?? null,
        page: readPageRequest(search),
      });
    };
    const first = await read({ q: tag });
    expect(first.rows).toHaveLength(20);
    expect(first.newer).toBeNull();
    const second = await read({ q: tag, older: first.older! });
    expect(second.rows).toHaveLength(3);
    expect(second.older).toBeNull();
    const seen = [...first.rows, ...second.rows].map((row) => row.username);
    expect(new Set(seen).size).toBe(23);
    expect(seen[0]).toMatch(/_2[12]$/);
    expect(seen.at(-1)).toMatch(/_[01]$/);

    // By e-mail (upper case), and LIKE wildcards are searched literally.
    expect((await read({ q: `${tag.toUpperCase()}.7@` })).rows.map((row) => row.username)).toEqual([`${tag}_7`]);
    expect((await read({ q: `${tag}%` })).rows).toEqual([]);
    const suspended = await read({ q: tag, status: "suspended" });
    expect(suspended.rows.map((row) => [row.username, row.suspended, row.suspensionReason])).toEqual([[`${tag}_3`, true, "Spam"]]);
    expect((await read({ q: tag, status: "active" })).rows.every((row) => !row.suspended)).toBe(true);

    const own = await read({ q: admin.username });
    expect(own.rows).toEqual([expect.objectContaining({ id: admin.id, protected: true })]);
    expect(first.rows.some((row) => row.protected)).toBe(false);
  });
});
