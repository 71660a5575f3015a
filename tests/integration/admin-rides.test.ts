import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageRequest } from "~/domain/admin-paging";
import { listAdminRides, listRideReviews, editableRide, rideTypeNames } from "~/server/admin/admin-rides";
import { approveRide, deleteRide, rejectRide, updateRide } from "~/server/admin/ride-moderation";
import { queryRows } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { searchSuggestions } from "~/server/catalog/search";
import { ridesSitemap } from "~/server/catalog/sitemap";
import { listVisibleRidesOfPark } from "~/server/catalog/park-queries";
import type { ImageStorage } from "~/server/images/image-storage";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let admin: { id: string };
const logger = pino({ level: "silent" });
const deletedImages: string[] = [];
const imageStorage = {
  delete: async (reference: string) => void deletedImages.push(reference),
} as unknown as ImageStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createMember(database.db, `admin_${crypto.randomBytes(3).toString("hex")}`);
});
afterAll(async () => {
  await database.close();
});

const unique = () => crypto.randomBytes(4).toString("hex");
const firstPage = readPageRequest(new URLSearchParams());

async function ride(id: string) {
  const [row] = await database.db.select().from(schema.rides).where(eq(schema.rides.id, id));
  return row;
}
async function park(id: string) {
  const [row] = await database.db.select().from(schema.parks).where(eq(schema.parks.id, id));
  return row!;
}
async function logRows(targetId: string) {
  return database.db
    .select({ action: schema.moderationLogs.actionType, moderatorId: schema.moderationLogs.moderatorId, details: schema.moderationLogs.actionDetails })
    .from(schema.moderationLogs)
    .where(eq(schema.moderationLogs.targetId, targetId));
}
async function contributionStatus(targetId: string) {
  const rows = await database.db
    .select({ status: schema.contentModifications.status })
    .from(schema.contentModifications)
    .where(eq(schema.contentModifications.targetId, targetId));
  return rows.map((row) => row.status);
}

/** An approved park with a rated approved ride, and a member's pending ride rated by two members. */
async function world() {
  const author = await createMember(database.db);
  const raters = [await createMember(database.db), await createMember(database.db)];
  const thePark = await createPark(database.db, { name: `Parc ${unique()}` });
  const approved = await createRide(database.db, thePark.id);
  const pending = await createRide(database.db, thePark.id, { name: `Zorglub ${unique()}`, createdBy: author.id, moderationStatus: "pending" });
  await database.db.insert(schema.contentModifications).values({ userId: author.id, targetType: "attraction", targetId: pending.id, action: "create", status: "pending" });
  for (const [index, rater] of raters.entries()) {
    await database.db.insert(schema.rideRatings).values({ rideId: pending.id, userId: rater.id, rating: 4 + index, audienceType: "thrill", comment: `Avis ${index}` });
    await database.db.insert(schema.rideRatings).values({ rideId: approved.id, userId: rater.id, rating: 3, audienceType: "kids" });
  }
  await recomputeAllAggregates(database.db);
  return { author, raters, park: thePark, approved, pending };
}

describe("approve and reject", () => {
  it("approves a pending ride: status, reason cleared, contribution, log, park aggregates, public at once", async () => {
    const { park: thePark, pending } = await world();
    const before = await park(thePark.id);
    expect(before.attractionsCount).toBe(1);
    expect(before.ratedRidesCount).toBe(1);

    expect(await approveRide(database.db, admin.id, pending.id)).toEqual({ ok: true });
    const after = await ride(pending.id);
    expect(after!.moderationStatus).toBe("approved");
    expect(after!.rejectionReason).toBeNull();
    expect(await contributionStatus(pending.id)).toEqual(["approved"]);
    expect(await logRows(pending.id)).toEqual([{ action: "approve", moderatorId: admin.id, details: null }]);
    const counted = await park(thePark.id);
    expect(counted.attractionsCount).toBe(2);
    expect(counted.ratedRidesCount).toBe(2);
    await expectAggregatesAsRecomputed(database.db);

    // Public at once: the park page, search and the sitemap (the park is approved).
    expect((await listVisibleRidesOfPark(database.db, thePark.id, null)).map((row) => row.id)).toContain(pending.id);
    expect((await searchSuggestions(database.db, pending.name)).attractions.map((row) => row.id)).toContain(pending.id);
    const sitemap = await ridesSitemap(database.db, "https://parcours.test", 1);
    expect(sitemap).toContain(`/${thePark.slug}/${pending.slug}`);
  });

  it("approving a ride of a pending park keeps it off public lists until the park is approved, and counts it for the park", async () => {
    const thePark = await createPark(database.db, { moderationStatus: "pending" });
    const pending = await createRide(database.db, thePark.id, { name: `Nimbus ${unique()}`, moderationStatus: "pending" });
    expect(await approveRide(database.db, admin.id, pending.id)).toEqual({ ok: true });
    expect((await park(thePark.id)).attractionsCount).toBe(1);
    expect((await searchSuggestions(database.db, pending.name)).attractions).toEqual([]);
    expect(await ridesSitemap(database.db, "https://parcours.test", 1)).not.toContain(pending.slug);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("rejects with the trimmed reason; an empty reason is refused and writes nothing", async () => {
    const { park: thePark, pending } = await world();
    expect(await rejectRide(database.db, admin.id, pending.id, "   ")).toEqual({ ok: false, reason: "invalid", error: { key: "admin.errors.reasonRequired" } });
    expect((await ride(pending.id))!.moderationStatus).toBe("pending");
    expect(await logRows(pending.id)).toEqual([]);

    expect(await rejectRide(database.db, admin.id, pending.id, "  Doublon de Tonnerre  ")).toEqual({ ok: true });
    const after = await ride(pending.id);
    expect(after!.moderationStatus).toBe("rejected");
    expect(after!.rejectionReason).toBe("Doublon de Tonnerre");
    expect(await contributionStatus(pending.id)).toEqual(["rejected"]);
    expect(await logRows(pending.id)).toEqual([{ action: "reject", moderatorId: admin.id, details: "Doublon de Tonnerre" }]);
    expect((await park(thePark.id)).attractionsCount).toBe(1);
    expect((await listVisibleRidesOfPark(database.db, thePark.id, null)).map((row) => row.id)).not.toContain(pending.id);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses a ride no longer pending (another tab) or gone: 409 stale, nothing written", async () => {
    const { pending, approved } = await world();
    expect(await approveRide(database.db, admin.id, pending.id)).toEqual({ ok: true });
    const stale = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
    expect(await rejectRide(database.db, admin.id, pending.id, "Trop tard")).toEqual(stale);
    expect(await approveRide(database.db, admin.id, pending.id)).toEqual(stale);
    expect(await approveRide(database.db, admin.id, approved.id)).toEqual(stale);
    expect(await approveRide(database.db, admin.id, crypto.randomUUID())).toEqual(stale);
    expect(await approveRide(database.db, admin.id, "not-an-id")).toEqual(stale);
    const after = await ride(pending.id);
    expect(after!.moderationStatus).toBe("approved");
    expect(after!.rejectionReason).toBeNull();
    expect(await logRows(pending.id)).toEqual([{ action: "approve", moderatorId: admin.id, details: null }]);
    expect(await logRows(approved.id)).toEqual([]);
  });
});

const VALID = {
  name: "Tonnerre de Zeus",
  type: "roller_coaster",
  status: "operating",
  descriptionFr: "Un grand huit en bois",
  descriptionEn: "",
  minHeightAlone: "120",
  minHeightForbidden: "100",
  duration: "90",
  capacityPerHour: "1200",
  openingYear: "1997",
  trackLength: "1231",
  height: "30.5",
  inversions: "0",
  maxSpeed: "84.5",
  videoId: "  dQw4w9WgXcQ  ",
};

describe("edit", () => {
  it("writes every field, parses numbers, trims the video id, takes the description from French, logs update; the slug follows the name", async () => {
    const { approved } = await world();
    expect(await updateRide(database.db, admin.id, approved.id, VALID)).toEqual({ ok: true });
    const after = await ride(approved.id);
    expect(after).toMatchObject({
      name: "Tonnerre de Zeus",
      slug: "tonnerre-de-zeus",
      typeId: 1,
      status: "operating",
      description: "Un grand huit en bois",
      descriptionFr: "Un grand huit en bois",
      descriptionEn: null,
      minHeightAlone: 120,
      minHeightForbidden: 100,
      duration: 90,
      capacityPerHour: 1200,
      openingYear: 1997,
      trackLength: 1231,
      height: 30.5,
      inversions: 0,
      maxSpeed: 84.5,
      youtubeUrl: "dQw4w9WgXcQ",
    });
    expect(await logRows(approved.id)).toEqual([{ action: "update", moderatorId: admin.id, details: null }]);
    const edit = await editableRide(database.db, approved.id);
    expect(edit).toMatchObject({ name: "Tonnerre de Zeus", type: "roller_coaster", videoId: "dQw4w9WgXcQ", height: 30.5 });
  });

  it("takes the description from English when French is empty, empty numerics and video id as null", async () => {
    const { approved } = await world();
    const values = { ...VALID, descriptionFr: " ", descriptionEn: "A wooden coaster", videoId: " ", height: "", maxSpeed: "", duration: "", openingYear: "" };
    expect(await updateRide(database.db, admin.id, approved.id, values)).toEqual({ ok: true });
    expect(await ride(approved.id)).toMatchObject({
      description: "A wooden coaster",
      descriptionFr: null,
      descriptionEn: "A wooden coaster",
      youtubeUrl: null,
      height: null,
      maxSpeed: null,
      duration: null,
      openingYear: null,
    });
    expect(await updateRide(database.db, admin.id, approved.id, { ...values, descriptionEn: "" })).toEqual({ ok: true });
    expect(await ride(approved.id)).toMatchObject({ description: null, descriptionFr: null, descriptionEn: null });
  });

  const year = new Date().getFullYear();
  it.each([
    ["name", { name: " " }, "contribute.errors.attractionNameRequired"],
    ["type", { type: "" }, "contribute.errors.typeRequired"],
    ["status", { status: "closed" }, "admin.attractions.errors.statusRequired"],
    ["minHeightAlone", { minHeightAlone: "-1" }, "contribute.errors.atLeast"],
    ["minHeightForbidden", { minHeightForbidden: "12.5" }, "contribute.errors.wholeNumber"],
    ["duration", { duration: "0" }, "contribute.errors.atLeast"],
    ["capacityPerHour", { capacityPerHour: "0" }, "contribute.errors.atLeast"],
    ["openingYear", { openingYear: "1799" }, "contribute.errors.openingYear"],
    ["openingYear", { openingYear: String(year + 1) }, "contribute.errors.openingYear"],
    ["trackLength", { trackLength: "-3" }, "contribute.errors.atLeast"],
    ["height", { height: "-0.1" }, "contribute.errors.atLeast"],
    ["height", { height: "10.25" }, "contribute.errors.oneDecimal"],
    ["inversions", { inversions: "-1" }, "contribute.errors.atLeast"],
    ["inversions", { inversions: "1.5" }, "contribute.errors.wholeNumber"],
    ["maxSpeed", { maxSpeed: "-5" }, "contribute.errors.atLeast"],
    ["maxSpeed", { maxSpeed: "80.55" }, "contribute.errors.oneDecimal"],
    ["videoId", { videoId: "not a video" }, "contribute.errors.videoId"],
  ] as const)("refuses a bad %s (%o) with its message, nothing written", async (field, change, key) => {
    const { approved } = await world();
    const outcome = await updateRide(database.db, admin.id, approved.id, { ...VALID, ...change });
    expect(outcome).toMatchObject({ ok: false, reason: "invalid", error: { key: "admin.attractions.errors.updateForm" } });
    if (outcome.ok) return;
    expect(outcome.fields?.[field]?.[0]?.key).toBe(key);
    expect((await ride(approved.id))!.name).toBe(approved.name);
    expect(await logRows(approved.id)).toEqual([]);
  });

  it("recomputes the park when the ride goes from operating to removed and back", async () => {
    const { park: thePark, approved } = await world();
    expect(await updateRide(database.db, admin.id, approved.id, { ...VALID, status: "removed" })).toEqual({ ok: true });
    expect((await park(thePark.id)).attractionsCount).toBe(0);
    await expectAggregatesAsRecomputed(database.db);
    expect(await updateRide(database.db, admin.id, approved.id, { ...VALID, status: "operating" })).toEqual({ ok: true });
    expect((await park(thePark.id)).attractionsCount).toBe(1);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses a ride deleted meanwhile: 409 stale", async () => {
    expect(await updateRide(database.db, admin.id, crypto.randomUUID(), VALID)).toEqual({ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } });
  });
});

describe("delete", () => {
  it("deletes the ride, its reviews and contribution rows, recomputes park and raters, logs, removes its image after commit", async () => {
    const { park: thePark, pending, raters } = await world();
    await database.db.update(schema.rides).set({ imageUrl: `img:v1:attraction_images/${"ab".repeat(16)}:400:800x600` }).where(eq(schema.rides.id, pending.id));
    await approveRide(database.db, admin.id, pending.id);
    expect((await park(thePark.id)).ratedRidesCount).toBe(2);

    expect(await deleteRide({ db: database.db, imageStorage, logger }, admin.id, pending.id)).toEqual({ ok: true });
    expect(await ride(pending.id)).toBeUndefined();
    expect(await queryRows(database.db, sql`SELECT id FROM attraction_ratings WHERE attraction_id = ${pending.id}`)).toEqual([]);
    expect(await contributionStatus(pending.id)).toEqual([]);
    expect((await logRows(pending.id)).map((row) => row.action)).toEqual(["approve", "delete"]);
    const after = await park(thePark.id);
    expect(after.attractionsCount).toBe(1);
    expect(after.ratedRidesCount).toBe(1);
    const stats = await database.db
      .select({ attractions: schema.userRatingStats.totalRideRatings })
      .from(schema.userRatingStats)
      .where(eq(schema.userRatingStats.userId, raters[0]!.id));
    expect(stats[0]?.attractions ?? 0).toBe(1);
    expect(deletedImages).toContain(`attraction_images/${"ab".repeat(16)}-400.webp`);
    await expectAggregatesAsRecomputed(database.db);

    expect(await deleteRide({ db: database.db, imageStorage, logger }, admin.id, pending.id)).toEqual({
      ok: false,
      reason: "conflict",
      error: { key: "admin.errors.stale" },
    });
  });
});

describe("list and reviews", () => {
  it("lists newest first, searches by ride, park or creator, filters by status, pages by keyset", async () => {
    const { author, park: thePark, pending, approved } = await world();
    const byRide = await listAdminRides(database.db, { search: pending.name.toUpperCase(), status: null, page: firstPage });
    expect(byRide.rows.map((row) => row.id)).toEqual([pending.id]);
    expect(byRide.rows[0]).toMatchObject({ parkName: thePark.name, creator: author.username, type: "roller_coaster", moderationStatus: "pending" });

    const byPark = await listAdminRides(database.db, { search: thePark.name, status: null, page: firstPage });
    expect(byPark.rows.map((row) => row.id).sort()).toEqual([approved.id, pending.id].sort());
    const byParkApproved = await listAdminRides(database.db, { search: thePark.name, status: "approved", page: firstPage });
    expect(byParkApproved.rows.map((row) => row.id)).toEqual([approved.id]);

    const byCreator = await listAdminRides(database.db, { search: author.username, status: null, page: firstPage });
    expect(byCreator.rows.map((row) => row.id)).toEqual([pending.id]);

    // Keyset pages over more rides than a page holds, none skipped or repeated.
    const many = await createPark(database.db, { name: `Paging ${unique()}` });
    const ids: string[] = [];
    for (let index = 0; index < 45; index++) ids.push((await createRide(database.db, many.id)).id);
    const seen: string[] = [];
    let params = new URLSearchParams({ q: many.name });
    for (;;) {
      const page = await listAdminRides(database.db, { search: many.name, status: null, page: readPageRequest(params) });
      seen.push(...page.rows.map((row) => row.id));
      if (!page.older) break;
      params = new URLSearchParams({ q: many.name, older: page.older });
    }
    expect(seen.sort()).toEqual(ids.sort());
    const all = await listAdminRides(database.db, { search: "", status: null, page: firstPage });
    expect(all.rows.length).toBe(20);
    const times = all.rows.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("lists a ride's reviews newest first with username, rating and audience", async () => {
    const { pending, raters } = await world();
    const page = await listRideReviews(database.db, pending.id, firstPage);
    expect(page.rows.map((row) => row.username).sort()).toEqual(raters.map((rater) => rater.username).sort());
    expect(page.rows.map((row) => row.rating).sort()).toEqual([4, 5]);
    expect(page.rows[0]).toMatchObject({ audienceType: "thrill" });
    expect((await listRideReviews(database.db, (await createRide(database.db, (await createPark(database.db)).id)).id, firstPage)).rows).toEqual([]);
    expect(await rideTypeNames(database.db)).toContain("dark_ride");
  });

  it("reads a list page, searched or not, first or deep, in one statement", async () => {
    const { pending } = await world();
    const counter = { count: 0 };
    const page = await countQueriesOf(counter, () => listAdminRides(database.db, { search: "zorglub", status: "pending", page: firstPage }));
    expect(counter.count).toBe(1);
    const deep = { count: 0 };
    await countQueriesOf(deep, () =>
      listAdminRides(database.db, { search: "", status: null, page: readPageRequest(new URLSearchParams({ older: page.older ?? `2020-01-01 00:00:00+00~${pending.id}` })) }),
    );
    expect(deep.count).toBe(1);
  });
});
