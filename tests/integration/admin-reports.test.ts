import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, readPageRequest } from "~/domain/admin-paging";
import { RESOLUTION_MAX_LENGTH } from "~/domain/admin-reports";
import type { CurrentUser } from "~/domain/current-user";
import { listAdminReports } from "~/server/admin/admin-reports";
import { dismissReport, resolveReport } from "~/server/admin/report-moderation";
import { rideRatings, commentReports, moderationLogs, parkRatings } from "~/server/db/schema";
import { reportReview, type ReviewReportDeps } from "~/server/ratings/review-reports";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: ReviewReportDeps;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, logger: pino({ level: "silent" }) };
  const created = await createMember(database.db);
  admin = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

async function member(username?: string): Promise<CurrentUser> {
  const created = await createMember(database.db, username);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

async function parkReview(comment = "Bof") {
  const park = await createPark(database.db);
  const author = await member();
  const [row] = await database.db.insert(parkRatings).values({ parkId: park.id, userId: author.id, thrillRating: 2, visitDuration: "full_day", comment }).returning();
  return { park, ratingId: row!.id };
}

async function report(ratingId: string, reporter?: CurrentUser, ratingType = "park") {
  const outcome = await reportReview(deps, reporter ?? (await member()), { ratingType, ratingId, reason: "Propos injurieux" });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.id;
}

async function reportRow(id: string) {
  const [row] = await database.db.select().from(commentReports).where(eq(commentReports.id, id));
  return row;
}

async function logRows(id: string) {
  return database.db
    .select({ action: moderationLogs.actionType, target: moderationLogs.targetType, moderator: moderationLogs.moderatorId, details: moderationLogs.actionDetails })
    .from(moderationLogs)
    .where(eq(moderationLogs.targetId, id));
}

const firstPage = readPageRequest(new URLSearchParams());

describe("resolving a report (docs/rules/back-office.md#reported-comments)", () => {
  it("sets resolved, the explanation, resolved_at and resolved_by, and logs the resolution in the same transaction", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    expect(await resolveReport(database.db, admin, { id, resolution: "  Commentaire modifié par l'auteur  " })).toEqual({ ok: true });
    const row = await reportRow(id);
    expect(row).toMatchObject({ status: "resolved", resolution: "Commentaire modifié par l'auteur", resolvedBy: admin.id });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    expect(await logRows(id)).toEqual([{ action: "resolve", target: "comment_report", moderator: admin.id, details: "Commentaire modifié par l'auteur" }]);
  });

  it("requires an explanation (checked on the server), at most RESOLUTION_MAX_LENGTH characters; nothing is written", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    expect(await resolveReport(database.db, admin, { id, resolution: "   " })).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "admin.comments.resolutionRequired" },
    });
    expect(await resolveReport(database.db, admin, { id, resolution: "x".repeat(RESOLUTION_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "admin.comments.resolutionTooLong", values: { max: RESOLUTION_MAX_LENGTH } },
    });
    expect(await reportRow(id)).toMatchObject({ status: "pending", resolution: null, resolvedAt: null, resolvedBy: null });
    expect(await logRows(id)).toEqual([]);
  });

  it("refuses a malformed id as a bad request", async () => {
    expect(await resolveReport(database.db, admin, { id: "nope", resolution: "ok" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await dismissReport(database.db, admin, { id: "nope", resolution: "" })).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("dismissing a report", () => {
  it("needs no explanation: dismissed, resolved_at and resolved_by set, logged without details", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    expect(await dismissReport(database.db, admin, { id, resolution: "" })).toEqual({ ok: true });
    const row = await reportRow(id);
    expect(row).toMatchObject({ status: "dismissed", resolution: null, resolvedBy: admin.id });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    expect(await logRows(id)).toEqual([{ action: "dismiss", target: "comment_report", moderator: admin.id, details: null }]);
  });

  it("keeps an explanation typed anyway", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    expect(await dismissReport(database.db, admin, { id, resolution: " Rien d'injurieux " })).toEqual({ ok: true });
    expect(await reportRow(id)).toMatchObject({ status: "dismissed", resolution: "Rien d'injurieux" });
    expect(await logRows(id)).toMatchObject([{ action: "dismiss", details: "Rien d'injurieux" }]);
  });
});

describe("stale reports (two tabs)", () => {
  it("answers 409 admin.errors.stale for a report no longer pending, and writes nothing", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    await dismissReport(database.db, admin, { id, resolution: "" });
    const before = await reportRow(id);
    const stale = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
    expect(await resolveReport(database.db, admin, { id, resolution: "Trop tard" })).toEqual(stale);
    expect(await dismissReport(database.db, admin, { id, resolution: "" })).toEqual(stale);
    expect(await reportRow(id)).toEqual(before);
    expect(await logRows(id)).toHaveLength(1);
  });

  it("a report whose review was deleted no longer exists: stale too", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    await database.db.delete(parkRatings).where(eq(parkRatings.id, ratingId));
    expect(await reportRow(id)).toBeUndefined();
    expect(await resolveReport(database.db, admin, { id, resolution: "x" })).toMatchObject({ reason: "conflict" });
    expect(await logRows(id)).toEqual([]);
  });

  it("two simultaneous decisions on one report: one wins, the other is stale", async () => {
    const { ratingId } = await parkReview();
    const id = await report(ratingId);
    const outcomes = await Promise.all([
      resolveReport(database.db, admin, { id, resolution: "Retenu" }),
      dismissReport(database.db, admin, { id, resolution: "" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } }]);
    expect(await logRows(id)).toHaveLength(1);
  });
});

describe("the report list", () => {
  it("shows type, the review's comment and what it reviews, reporter, reason, status, newest first", async () => {
    const tag = `r${crypto.randomUUID().slice(0, 6)}`;
    const reporter = await member(`${tag}_rep`);
    const { park, ratingId } = await parkReview("Parc sale");
    const parkReport = await report(ratingId, reporter);
    const ride = await createRide(database.db, park.id);
    const author = await member();
    const [rideRating] = await database.db.insert(rideRatings).values({ rideId: ride.id, userId: author.id, rating: 1, audienceType: "thrill" }).returning();
    const rideReport = await report(rideRating!.id, reporter, "attraction");
    await resolveReport(database.db, admin, { id: parkReport, resolution: "Averti" });

    const page = await listAdminReports(database.db, { status: null, search: tag, page: firstPage });
    expect(page.rows).toMatchObject([
      { id: rideReport, type: "attraction", comment: null, targetName: ride.name, parkName: park.name, hidden: false, reporter: reporter.username, reason: "Propos injurieux", status: "pending" },
      { id: parkReport, type: "park", comment: "Parc sale", targetName: park.name, parkName: null, hidden: false, status: "resolved", resolution: "Averti" },
    ]);
    expect(page.older).toBeNull();
    expect(page.newer).toBeNull();

    expect((await listAdminReports(database.db, { status: "pending", search: tag, page: firstPage })).rows.map((row) => row.id)).toEqual([rideReport]);
    expect((await listAdminReports(database.db, { status: "resolved", search: tag.toUpperCase(), page: firstPage })).rows.map((row) => row.id)).toEqual([parkReport]);
    expect((await listAdminReports(database.db, { status: "dismissed", search: tag, page: firstPage })).rows).toEqual([]);
  });

  it("pages with cursors, never skipping nor repeating a report", async () => {
    const tag = `p${crypto.randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (let index = 0; index < ADMIN_PAGE_SIZE + 3; index += 1) {
      const reporter = await member(`${tag}_${index}`);
      const { ratingId } = await parkReview();
      ids.push(await report(ratingId, reporter));
    }
    const first = await listAdminReports(database.db, { status: "pending", search: tag, page: firstPage });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.older).not.toBeNull();
    const second = await listAdminReports(database.db, { status: "pending", search: tag, page: readPageRequest(new URLSearchParams({ older: first.older! })) });
    expect(second.rows).toHaveLength(3);
    expect(second.older).toBeNull();
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual([...ids].reverse());
    const back = await listAdminReports(database.db, { status: "pending", search: tag, page: readPageRequest(new URLSearchParams({ newer: second.newer! })) });
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
  });

  it("marks a review hidden by auto-moderation, which nobody can report any more", async () => {
    const tag = `h${crypto.randomUUID().slice(0, 6)}`;
    const { ratingId } = await parkReview();
    const id = await report(ratingId, await member(`${tag}_x`));
    await database.db.update(parkRatings).set({ hiddenAt: new Date() }).where(eq(parkRatings.id, ratingId));
    expect(await reportReview(deps, await member(), { ratingType: "park", ratingId, reason: "Encore" })).toMatchObject({ ok: false, reason: "notFound" });
    const page = await listAdminReports(database.db, { status: null, search: tag, page: firstPage });
    expect(page.rows).toMatchObject([{ id, hidden: true }]);
  });
});
