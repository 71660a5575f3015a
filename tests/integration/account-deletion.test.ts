import { eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, deleteOwnAccount } from "~/server/accounts/delete-account";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
});
afterAll(async () => {
  await database.close();
});

const signIn = (email: string, password = MEMBER_PASSWORD, ip?: string) => harness.signIn(email, password, ip);

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM (${query}) q`))[0]!.n);

/**
 * A small world around one member who did everything: rated parks and rides
 * (theirs and others'), voted, reported, duelled, ranked, planned, suggested,
 * listed a top 10, and contributed an approved park with an approved ride, a
 * pending park (rated by someone else) and a pending ride.
 */
async function world() {
  const leaver = await createMemberWithPassword(database.db);
  const other = await createMemberWithPassword(database.db);
  const third = await createMemberWithPassword(database.db);
  const shared = await createPark(database.db);
  const sharedRide = await createRide(database.db, shared.id);
  const sharedRide2 = await createRide(database.db, shared.id);
  const approvedPark = await createPark(database.db, { createdBy: leaver.id });
  const approvedRide = await createRide(database.db, approvedPark.id, { createdBy: leaver.id });
  const pendingPark = await createPark(database.db, { createdBy: leaver.id, moderationStatus: "pending" });
  const rideOfPendingPark = await createRide(database.db, pendingPark.id, { moderationStatus: "pending" });
  const pendingRide = await createRide(database.db, shared.id, { createdBy: leaver.id, moderationStatus: "pending" });
  const rejectedRide = await createRide(database.db, shared.id, {
    createdBy: leaver.id,
    moderationStatus: "rejected",
    rejectionReason: "Doublon",
  });

  const parkRating = (parkId: string, userId: string, stars: number, comment: string) =>
    database.db
      .insert(schema.parkRatings)
      .values({ parkId, userId, thrillRating: stars, themingRating: 5, valueRating: stars === 1 ? null : 2, visitDuration: stars > 3 ? "full_day" : "half_day", comment })
      .returning()
      .then((rows) => rows[0]!);
  const rideRating = (rideId: string, userId: string, rating: number, audienceType: "thrill" | "kids" | "general") =>
    database.db.insert(schema.rideRatings).values({ rideId, userId, rating, audienceType }).returning().then((rows) => rows[0]!);

  const leaverOnShared = await parkRating(shared.id, leaver.id, 1, "Avis du partant");
  await parkRating(approvedPark.id, leaver.id, 5, "Mon propre parc");
  const otherOnShared = await parkRating(shared.id, other.id, 4, "Avis qui reste");
  await parkRating(approvedPark.id, other.id, 3, "Autre avis qui reste");
  await parkRating(pendingPark.id, third.id, 2, "Avis sur un parc en attente");
  const leaverOnRide = await rideRating(sharedRide.id, leaver.id, 2, "kids");
  await rideRating(approvedRide.id, leaver.id, 5, "thrill");
  const otherOnRide = await rideRating(sharedRide.id, other.id, 4, "thrill");
  await rideRating(pendingRide.id, third.id, 3, "general");
  await rideRating(rideOfPendingPark.id, other.id, 3, "general");

  await database.db.insert(schema.ratingVotes).values([
    { ratingType: "park", ratingId: otherOnShared.id, userId: leaver.id, isHelpful: true },
    { ratingType: "attraction", ratingId: otherOnRide.id, userId: leaver.id, isHelpful: false },
    { ratingType: "park", ratingId: otherOnShared.id, userId: third.id, isHelpful: true },
    { ratingType: "park", ratingId: leaverOnShared.id, userId: other.id, isHelpful: true },
    { ratingType: "attraction", ratingId: leaverOnRide.id, userId: third.id, isHelpful: false },
  ]);
  await database.db.insert(schema.commentReports).values([
    { commentType: "park", commentId: otherOnShared.id, reportedBy: leaver.id, reason: "Hors sujet" },
    { commentType: "park", commentId: leaverOnShared.id, reportedBy: third.id, reason: "Injurieux" },
  ]);
  await database.db.insert(schema.rideDuels).values({ userId: leaver.id, typeId: 1, winnerId: sharedRide.id, loserId: sharedRide2.id });
  await database.db.insert(schema.rideDuels).values({ userId: other.id, typeId: 1, winnerId: sharedRide2.id, loserId: sharedRide.id });
  await database.db.insert(schema.rideRankings).values({ userId: leaver.id, typeId: 1, rideId: sharedRide.id, rank: 1, wins: 1 });
  const [plan] = await database.db.insert(schema.visitPlans).values({ userId: leaver.id, parkId: shared.id }).returning();
  await database.db.insert(schema.visitPlanRides).values({ planId: plan!.id, rideId: sharedRide.id, position: 1 });
  await database.db.insert(schema.parkSuggestions).values({ suggestedBy: leaver.id, parkId: shared.id, suggestedChanges: { region: "Ailleurs" }, reason: "Erreur" });
  await database.db
    .insert(schema.rideSuggestions)
    .values({ suggestedBy: leaver.id, rideId: sharedRide.id, suggestedChanges: { height: 40 }, reason: "Erreur" });
  await database.db.insert(schema.userTopParks).values({ userId: leaver.id, parkId: shared.id, position: 1 });
  await database.db.insert(schema.userTopRides).values({ userId: leaver.id, rideId: sharedRide.id, position: 1 });
  await database.db.insert(schema.contentModifications).values([
    { userId: leaver.id, targetType: "park", targetId: approvedPark.id, action: "create", status: "approved" },
    { userId: leaver.id, targetType: "park", targetId: pendingPark.id, action: "create" },
    { userId: other.id, targetType: "attraction", targetId: rideOfPendingPark.id, action: "create" },
  ]);
  // The maintained aggregates start right, as the rating writes would have left them.
  await recomputeAllAggregates(database.db);
  return { leaver, other, third, shared, sharedRide, approvedPark, approvedRide, pendingPark, rideOfPendingPark, pendingRide, rejectedRide, otherOnShared, otherOnRide };
}

describe("deleting an account", () => {
  it("removes what the member wrote, keeps their approved contributions without an author, and leaves every aggregate as recomputed", async () => {
    const w = await world();
    const before = await queryRows<{ helpful_count: number }>(database.db, sql`SELECT helpful_count FROM park_ratings WHERE id = ${w.otherOnShared.id}`);
    expect(before[0]!.helpful_count).toBe(2);

    expect(await deleteAccount(database.db, harness.config, w.leaver.id)).toMatchObject({ ok: true });

    const id = w.leaver.id;
    expect(await count(sql`SELECT 1 FROM "user" WHERE id = ${id}`)).toBe(0);
    expect(await count(sql`SELECT 1 FROM profiles WHERE id = ${id}`)).toBe(0);
    for (const [table, column] of [
      ["park_ratings", "user_id"],
      ["attraction_ratings", "user_id"],
      ["rating_votes", "user_id"],
      ["comment_reports", "reported_by"],
      ["attraction_duels", "user_id"],
      ["attraction_rankings", "user_id"],
      ["visit_plans", "user_id"],
      ["park_suggestions", "suggested_by"],
      ["attraction_suggestions", "suggested_by"],
      ["user_top_parks", "user_id"],
      ["user_top_attractions", "user_id"],
      ["content_modifications", "user_id"],
      ["session", "user_id"],
      ["account", "user_id"],
    ] as const) {
      expect(await count(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`), table).toBe(0);
    }
    // Others' votes and reports on the member's reviews went with the reviews.
    expect(await count(sql`SELECT 1 FROM comment_reports WHERE reason = 'Injurieux'`)).toBe(0);

    // Approved contributions stay, without an author; the others are gone with what hung on them.
    const remaining = await database.db
      .select({ id: schema.parks.id, createdBy: schema.parks.createdBy })
      .from(schema.parks)
      .where(inArray(schema.parks.id, [w.approvedPark.id, w.pendingPark.id]));
    expect(remaining).toEqual([{ id: w.approvedPark.id, createdBy: null }]);
    const rideRows = await database.db
      .select({ id: schema.rides.id, createdBy: schema.rides.createdBy })
      .from(schema.rides)
      .where(inArray(schema.rides.id, [w.approvedRide.id, w.pendingRide.id, w.rejectedRide.id, w.rideOfPendingPark.id]));
    expect(rideRows).toEqual([{ id: w.approvedRide.id, createdBy: null }]);
    expect(await count(sql`SELECT 1 FROM content_modifications WHERE target_id = ${w.rideOfPendingPark.id}`)).toBe(0);

    // Other members' reviews stay, with the member's votes taken off their counts.
    const [kept] = await queryRows<{ helpful_count: number; unhelpful_count: number }>(
      database.db,
      sql`SELECT helpful_count, unhelpful_count FROM park_ratings WHERE id = ${w.otherOnShared.id}`,
    );
    expect(kept).toEqual({ helpful_count: 1, unhelpful_count: 0 });
    const [keptRide] = await queryRows<{ unhelpful_count: number }>(
      database.db,
      sql`SELECT unhelpful_count FROM attraction_ratings WHERE id = ${w.otherOnRide.id}`,
    );
    expect(keptRide!.unhelpful_count).toBe(0);
    const [shared] = await database.db.select().from(schema.parks).where(eq(schema.parks.id, w.shared.id));
    expect(shared).toMatchObject({ ratingCount: 1, thrillSum: 4, visitHalfDayCount: 0, visitFullDayCount: 1 });
    const [sharedRide] = await database.db.select().from(schema.rides).where(eq(schema.rides.id, w.sharedRide.id));
    expect(sharedRide).toMatchObject({ ratingCount: 1, ratingSum: 4, audienceKidsCount: 0, audienceThrillCount: 1 });
    // The third member's rating of the deleted pending park is gone from their totals.
    const [thirdStats] = await database.db.select().from(schema.userRatingStats).where(eq(schema.userRatingStats.userId, w.third.id));
    expect(thirdStats).toMatchObject({ totalParkRatings: 0, totalRideRatings: 0 });

    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses to delete the administrator", async () => {
    const admin = await createMemberWithPassword(database.db, "admin@parcours.test");
    expect(await deleteAccount(database.db, harness.config, admin.id)).toEqual({ ok: false, reason: "administrator" });
    const cookie = await signIn(admin.email);
    const user = (await harness.currentUser(cookie))!;
    expect(user.isAdmin).toBe(true);
    const outcome = await deleteOwnAccount(harness.context, harness.browserRequest("/fr/account", { cookie }), user, {
      currentPassword: MEMBER_PASSWORD,
      confirmUsername: admin.username,
    });
    expect(outcome).toEqual({ ok: false, errors: { form: [{ key: "account.delete.adminRefused" }] }, reason: "forbidden" });
    expect(await count(sql`SELECT 1 FROM "user" WHERE id = ${admin.id}`)).toBe(1);
    await database.db.delete(schema.users).where(eq(schema.users.id, admin.id));
  });

  it("asks for the username and the password, then signs the member out for good", async () => {
    const member = await createMemberWithPassword(database.db);
    const cookie = await signIn(member.email);
    const otherDevice = await signIn(member.email);
    const user = (await harness.currentUser(cookie))!;
    const attempt = (input: { currentPassword: string; confirmUsername: string }) =>
      deleteOwnAccount(harness.context, harness.browserRequest("/fr/account", { cookie }), user, input);

    expect(await attempt({ currentPassword: MEMBER_PASSWORD, confirmUsername: "quelqu_un" })).toMatchObject({
      ok: false,
      errors: { confirmUsername: [{ key: "account.delete.confirmMismatch" }] },
    });
    expect(await attempt({ currentPassword: "Mauvais2026", confirmUsername: member.username })).toMatchObject({
      ok: false,
      errors: { currentPassword: [{ key: "account.errors.wrongPassword" }] },
    });
    expect(await count(sql`SELECT 1 FROM "user" WHERE id = ${member.id}`)).toBe(1);

    const outcome = await attempt({ currentPassword: MEMBER_PASSWORD, confirmUsername: member.username });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    // The browser's session cookie is cleared; no session of the member is left anywhere.
    expect(outcome.setCookies.some((cookie) => /^parcours\.session_token=;/.test(cookie) && /Max-Age=0/i.test(cookie))).toBe(true);
    expect(await harness.currentUser(cookie)).toBeNull();
    expect(await harness.currentUser(otherDevice)).toBeNull();
    await expect(signIn(member.email)).rejects.toThrow("refused");
    expect(await count(sql`SELECT 1 FROM session WHERE user_id = ${member.id}`)).toBe(0);
    expect(
      await database.db
        .select()
        .from(schema.users)
        .where(or(eq(schema.users.id, member.id), eq(schema.users.email, member.email))),
    ).toEqual([]);
  });
});
