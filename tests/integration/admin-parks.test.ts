import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, decodeCursor, type PageRequest } from "~/domain/admin-paging";
import type { CurrentUser } from "~/domain/current-user";
import { slugify } from "~/domain/slug";
import { action, loader } from "~/routes/admin/parks";
import { findAdminPark, listAdminParkReviews, listAdminParks } from "~/server/admin/admin-parks";
import { approvePark, deletePark, rejectPark, updatePark } from "~/server/admin/park-moderation";
import { listParks } from "~/server/catalog/park-queries";
import { findParkRedirect } from "~/server/catalog/slug-history";
import { searchSuggestions } from "~/server/catalog/search";
import { parksSitemap } from "~/server/catalog/sitemap";
import { queryRows } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

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

const first: PageRequest = { direction: "older", cursor: null };
const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;

/** A member's pending park with its content_modifications row, as the contribute page leaves it. */
async function pendingPark(overrides: Partial<typeof schema.parks.$inferInsert> = {}) {
  const author = await createMember(database.db);
  const park = await createPark(database.db, { name: unique("Parc"), moderationStatus: "pending", createdBy: author.id, ...overrides });
  await database.db.insert(schema.contentModifications).values({ userId: author.id, targetType: "park", targetId: park.id, action: "create", status: "pending" });
  return { park, author };
}

const parkRow = async (id: string) => (await database.db.select().from(schema.parks).where(eq(schema.parks.id, id)))[0];
const contributionStatuses = async (id: string) =>
  (await database.db.select({ status: schema.contentModifications.status }).from(schema.contentModifications).where(eq(schema.contentModifications.targetId, id))).map(
    (row) => row.status,
  );
const logsOf = (id: string) =>
  database.db
    .select({ action: schema.moderationLogs.actionType, target: schema.moderationLogs.targetType, moderator: schema.moderationLogs.moderatorId, details: schema.moderationLogs.actionDetails })
    .from(schema.moderationLogs)
    .where(eq(schema.moderationLogs.targetId, id));

const validEdit = (name: string) => ({
  name,
  region: "Hauts-de-France",
  country: "France",
  descriptionFr: "Un parc au bord de la mer.",
  descriptionEn: "",
  openingYear: "1989",
  adultPrice: "49.50",
  childPrice: "39",
  openingHours: "10h-18h",
});

describe("approving and rejecting a park (docs/rules/back-office.md#moderation-states)", () => {
  it("approves a pending park: approved, reason cleared, contribution approved, logged; at once in home, search and the sitemap", async () => {
    const country = unique("Pays");
    const { park } = await pendingPark({ country, rejectionReason: "ancienne raison" });
    expect((await listParks(database.db, { country, region: null, minRating: 0, sort: "rating", page: 1 })).parks).toEqual([]);

    expect(await approvePark(database.db, admin, park.id)).toEqual({ ok: true });

    const row = await parkRow(park.id);
    expect(row).toMatchObject({ moderationStatus: "approved", rejectionReason: null });
    expect(await contributionStatuses(park.id)).toEqual(["approved"]);
    expect(await logsOf(park.id)).toEqual([{ action: "approve", target: "park", moderator: admin.id, details: null }]);
    const home = await listParks(database.db, { country, region: null, minRating: 0, sort: "rating", page: 1 });
    expect(home.parks.map((card) => card.slug)).toEqual([park.slug]);
    expect((await searchSuggestions(database.db, park.name)).parks.map((found) => found.id)).toContain(park.id);
    expect(await parksSitemap(database.db, "https://parcours.example")).toContain(`/fr/${park.slug}</loc>`);
  });

  it("rejects a pending park with its trimmed reason, the contribution rejected, logged with the reason; not public", async () => {
    const { park } = await pendingPark();
    expect(await rejectPark(database.db, admin, park.id, "  Doublon de Parc Astérix  ")).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ moderationStatus: "rejected", rejectionReason: "Doublon de Parc Astérix" });
    expect(await contributionStatuses(park.id)).toEqual(["rejected"]);
    expect(await logsOf(park.id)).toEqual([{ action: "reject", target: "park", moderator: admin.id, details: "Doublon de Parc Astérix" }]);
    expect((await searchSuggestions(database.db, park.name)).parks).toEqual([]);
    expect(await parksSitemap(database.db, "https://parcours.example")).not.toContain(park.slug);
  });

  it("requires a reason to reject: blank is refused with 400 and nothing changes", async () => {
    const { park } = await pendingPark();
    expect(await rejectPark(database.db, admin, park.id, "   ")).toEqual({ ok: false, reason: "invalid", error: { key: "admin.errors.reasonRequired" } });
    expect(await parkRow(park.id)).toMatchObject({ moderationStatus: "pending", rejectionReason: null });
    expect(await contributionStatuses(park.id)).toEqual(["pending"]);
    expect(await logsOf(park.id)).toEqual([]);
  });

  it("refuses a park no longer pending as stale (two tabs): approve after reject → 409, nothing changed", async () => {
    const { park } = await pendingPark();
    await rejectPark(database.db, admin, park.id, "Hors sujet");
    const stale = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
    expect(await approvePark(database.db, admin, park.id)).toEqual(stale);
    expect(await rejectPark(database.db, admin, park.id, "Autre raison")).toEqual(stale);
    expect(await parkRow(park.id)).toMatchObject({ moderationStatus: "rejected", rejectionReason: "Hors sujet" });
    expect(await contributionStatuses(park.id)).toEqual(["rejected"]);
    expect((await logsOf(park.id)).map((log) => log.action)).toEqual(["reject"]);
    expect(await approvePark(database.db, admin, crypto.randomUUID())).toEqual(stale);
  });

  it("two approvals at once: one succeeds, the other is stale, one log row", async () => {
    const { park } = await pendingPark();
    const outcomes = await Promise.all([approvePark(database.db, admin, park.id), rejectPark(database.db, admin, park.id, "Non")]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "conflict")).toHaveLength(1);
    expect(await logsOf(park.id)).toHaveLength(1);
  });
});

describe("editing a park (docs/rules/back-office.md#admin-park-edit)", () => {
  it("saves every field, the description from FR, moves the slug with the name, and logs update", async () => {
    const { park } = await pendingPark();
    const name = unique("Nouveau nom");
    expect(await updatePark(database.db, admin, park.id, validEdit(name))).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({
      name,
      slug: slugify(name),
      region: "Hauts-de-France",
      country: "France",
      description: "Un parc au bord de la mer.",
      descriptionFr: "Un parc au bord de la mer.",
      descriptionEn: null,
      openingYear: 1989,
      adultPrice: 49.5,
      childPrice: 39,
      openingHours: "10h-18h",
      moderationStatus: "pending",
    });
    expect(await logsOf(park.id)).toEqual([{ action: "update", target: "park", moderator: admin.id, details: null }]);
    expect(await findParkRedirect(database.db, park.slug, admin)).toBe(slugify(name));
  });

  it("takes the English description as the plain one when there is no French", async () => {
    const { park } = await pendingPark();
    await updatePark(database.db, admin, park.id, { ...validEdit(park.name), descriptionFr: "", descriptionEn: "A park by the sea." });
    expect(await parkRow(park.id)).toMatchObject({ description: "A park by the sea.", descriptionFr: null, descriptionEn: "A park by the sea." });
  });

  it("answers each rule's message, verbatim keys, and writes nothing", async () => {
    const { park } = await pendingPark();
    const year = new Date().getFullYear();
    const outcome = await updatePark(database.db, admin, park.id, {
      name: " ",
      region: "",
      country: "",
      descriptionFr: "",
      descriptionEn: " ",
      openingYear: String(year + 1),
      adultPrice: "0",
      childPrice: "-2",
      openingHours: "",
    });
    expect(outcome).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "admin.parks.errors.checkFields" },
      fields: {
        name: [{ key: "contribute.errors.parkNameRequired" }],
        region: [{ key: "contribute.errors.regionRequired" }],
        country: [{ key: "contribute.errors.countryRequired" }],
        descriptionFr: [{ key: "contribute.errors.descriptionRequired" }],
        openingYear: [{ key: "contribute.errors.openingYear", values: { year } }],
        adultPrice: [{ key: "contribute.errors.priceAboveZero" }],
        childPrice: [{ key: "contribute.errors.priceAboveZero" }],
      },
    });
    const tooOld = await updatePark(database.db, admin, park.id, { ...validEdit(park.name), openingYear: "1799" });
    expect(tooOld).toMatchObject({ ok: false, fields: { openingYear: [{ key: "contribute.errors.openingYear" }] } });
    expect(await parkRow(park.id)).toMatchObject({ name: park.name, region: park.region });
    expect(await logsOf(park.id)).toEqual([]);
  });

  it("refuses a changed name another park has ('Ce parc existe déjà'), case and accents aside; its own name is fine", async () => {
    const other = await createPark(database.db, { name: unique("Parc Été") });
    const { park } = await pendingPark();
    const taken = await updatePark(database.db, admin, park.id, validEdit(other.name.toUpperCase()));
    expect(taken).toEqual({ ok: false, reason: "conflict", error: { key: "admin.parks.errors.checkFields" }, fields: { name: [{ key: "contribute.errors.parkExists" }] } });
    expect((await parkRow(park.id))!.name).toBe(park.name);
    // Unchanged (or only its case changed): no duplicate check against itself.
    expect(await updatePark(database.db, admin, park.id, validEdit(park.name.toLowerCase()))).toEqual({ ok: true });
  });

  it("saves the park's location, shows it in the form, and clears it when both fields are emptied", async () => {
    const { park } = await pendingPark();
    expect(await updatePark(database.db, admin, park.id, { ...validEdit(park.name), latitude: "28,4177", longitude: "-81,5812" })).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ latitude: 28.4177, longitude: -81.5812 });
    expect(await findAdminPark(database.db, park.id)).toMatchObject({ latitude: 28.4177, longitude: -81.5812 });
    expect(await updatePark(database.db, admin, park.id, { ...validEdit(park.name), latitude: "", longitude: "" })).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ latitude: null, longitude: null });
  });

  it("refuses a bad location with its message and writes nothing, the park keeping its location", async () => {
    const { park } = await pendingPark({ latitude: 49.1341, longitude: 2.5708 });
    const cases: Array<[Record<string, string>, Record<string, Array<{ key: string }>>]> = [
      [{ latitude: "-91", longitude: "2" }, { latitude: [{ key: "contribute.errors.latitudeRange" }] }],
      [{ latitude: "49", longitude: "181" }, { longitude: [{ key: "contribute.errors.longitudeRange" }] }],
      [{ latitude: "", longitude: "2.5" }, { latitude: [{ key: "contribute.errors.locationPair" }] }],
      [{ latitude: "49.1", longitude: "est" }, { longitude: [{ key: "contribute.errors.notANumber" }] }],
    ];
    for (const [location, fields] of cases) {
      const outcome = await updatePark(database.db, admin, park.id, { ...validEdit(unique("Parc Déplacé")), ...location });
      expect(outcome).toEqual({ ok: false, reason: "invalid", error: { key: "admin.parks.errors.checkFields" }, fields });
    }
    expect(await parkRow(park.id)).toMatchObject({ name: park.name, latitude: 49.1341, longitude: 2.5708 });
    expect(await logsOf(park.id)).toEqual([]);
  });

  it("refuses to edit a park that is gone as stale", async () => {
    expect(await updatePark(database.db, admin, crypto.randomUUID(), validEdit(unique("Parc")))).toEqual({ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } });
  });
});

describe("deleting a park", () => {
  it("removes the park, its rides, their ratings, votes, reports and contribution records; members' statistics equal a recomputation; logged", async () => {
    const { park, author } = await pendingPark({ imageUrl: "local:park_images/p.webp" });
    const ride = await createRide(database.db, park.id, { imageUrl: "local:attraction_images/r.webp" });
    await database.db.insert(schema.contentModifications).values({ userId: author.id, targetType: "attraction", targetId: ride.id, action: "create", status: "pending" });
    const rater = await createMember(database.db);
    const voter = await createMember(database.db);
    const elsewhere = await createPark(database.db);
    const [review] = await database.db
      .insert(schema.parkRatings)
      .values({ parkId: park.id, userId: rater.id, thrillRating: 4, themingRating: 5, visitDuration: "full_day", comment: "Top", images: ["local:park_images/photo.webp"] })
      .returning();
    await database.db.insert(schema.parkRatings).values({ parkId: elsewhere.id, userId: rater.id, thrillRating: 3, visitDuration: "half_day" });
    const [rideReview] = await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: voter.id, rating: 4, audienceType: "thrill" }).returning();
    await database.db.insert(schema.ratingVotes).values([
      { ratingType: "park", ratingId: review!.id, userId: voter.id, isHelpful: true },
      { ratingType: "attraction", ratingId: rideReview!.id, userId: rater.id, isHelpful: false },
    ]);
    await database.db.insert(schema.commentReports).values({ commentType: "park", commentId: review!.id, reportedBy: voter.id, reason: "Spam" });
    // The maintained aggregates as the rating writes would have left them (the rows above were inserted directly).
    await recomputeAllAggregates(database.db);

    const deletion = await deletePark(database.db, admin, park.id);
    expect(deletion).toEqual({ ok: true, imageReferences: expect.arrayContaining(["local:park_images/p.webp", "local:attraction_images/r.webp", "local:park_images/photo.webp"]) });

    const remaining = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM (${query}) q`))[0]!.n;
    expect(await parkRow(park.id)).toBeUndefined();
    expect(await remaining(sql`SELECT 1 FROM attractions WHERE park_id = ${park.id}`)).toBe(0);
    expect(await remaining(sql`SELECT 1 FROM park_ratings WHERE park_id = ${park.id}`)).toBe(0);
    expect(await remaining(sql`SELECT 1 FROM attraction_ratings WHERE id = ${rideReview!.id}`)).toBe(0);
    expect(await remaining(sql`SELECT 1 FROM rating_votes WHERE rating_id IN (${review!.id}, ${rideReview!.id})`)).toBe(0);
    expect(await remaining(sql`SELECT 1 FROM comment_reports WHERE comment_id = ${review!.id}`)).toBe(0);
    expect(await remaining(sql`SELECT 1 FROM content_modifications WHERE target_id IN (${park.id}, ${ride.id})`)).toBe(0);
    const [stats] = await queryRows<{ total_park_ratings: number; total_attraction_ratings: number }>(
      database.db,
      sql`SELECT total_park_ratings, total_attraction_ratings FROM user_rating_stats WHERE user_id = ${rater.id}`,
    );
    expect(stats).toEqual({ total_park_ratings: 1, total_attraction_ratings: 0 });
    await expectAggregatesAsRecomputed(database.db);
    expect(await logsOf(park.id)).toEqual([{ action: "delete", target: "park", moderator: admin.id, details: park.name }]);
  });

  it("refuses a park already deleted as stale", async () => {
    const park = await createPark(database.db);
    expect(await deletePark(database.db, admin, park.id)).toMatchObject({ ok: true });
    expect(await deletePark(database.db, admin, park.id)).toEqual({ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } });
    expect(await logsOf(park.id)).toHaveLength(1);
  });
});

describe("the park list and reviews (docs/rules/back-office.md#park-management)", () => {
  it("lists every state newest first with the creator, searches by name or creator, filters by status, keyset-pages in one statement", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const author = await createMember(database.db, `auteur_${tag}`);
    const created: string[] = [];
    for (let index = 0; index < ADMIN_PAGE_SIZE + 3; index++) {
      const status = index % 3 === 0 ? "pending" : index % 3 === 1 ? "approved" : "rejected";
      const park = await createPark(database.db, {
        name: `Liste ${tag} ${index}`,
        createdBy: author.id,
        moderationStatus: status,
        rejectionReason: status === "rejected" ? "Doublon" : null,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, index)),
      });
      created.push(park.id);
    }
    const newestFirst = [...created].reverse();
    const counter = { count: 0 };
    const page1 = await countQueriesOf(counter, () => listAdminParks(database.db, { search: `liste ${tag}`, status: null, page: first }));
    expect(counter.count).toBe(1);
    expect(page1.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, ADMIN_PAGE_SIZE));
    expect(page1.rows[0]).toMatchObject({ creatorName: author.username, moderationStatus: "approved", createdAt: "2020-01-01T00:00:22.000Z" });
    expect(page1.newer).toBeNull();
    const page2 = await listAdminParks(database.db, { search: `liste ${tag}`, status: null, page: { direction: "older", cursor: decode(page1.older!) } });
    expect(page2.rows.map((row) => row.id)).toEqual(newestFirst.slice(ADMIN_PAGE_SIZE));
    expect(page2.older).toBeNull();
    const back = await listAdminParks(database.db, { search: `liste ${tag}`, status: null, page: { direction: "newer", cursor: decode(page2.newer!) } });
    expect(back.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, ADMIN_PAGE_SIZE));

    const byCreator = await listAdminParks(database.db, { search: `AUTEUR_${tag}`, status: "pending", page: first });
    expect(byCreator.rows.map((row) => row.id)).toEqual(newestFirst.filter((_, index) => (created.length - 1 - index) % 3 === 0));
    expect(byCreator.rows.every((row) => row.moderationStatus === "pending")).toBe(true);
  });

  it("shows a park's reviews newest first with the author and the mean of the given sub-ratings to one decimal, paged in two statements", async () => {
    const park = await createPark(database.db);
    const members = await Promise.all([createMember(database.db), createMember(database.db)]);
    await database.db.insert(schema.parkRatings).values([
      { parkId: park.id, userId: members[0]!.id, thrillRating: 5, themingRating: 4, valueRating: 4, visitDuration: "full_day", comment: "Super", createdAt: new Date("2024-01-01") },
      { parkId: park.id, userId: members[1]!.id, thrillRating: 2, visitDuration: "half_day", createdAt: new Date("2024-02-01") },
    ]);
    const counter = { count: 0 };
    const found = await countQueriesOf(counter, () => listAdminParkReviews(database.db, park.id, first));
    expect(counter.count).toBe(2);
    expect(found!.park).toEqual({ id: park.id, name: park.name });
    expect(found!.reviews.rows.map(({ username, score, comment }) => ({ username, score, comment }))).toEqual([
      { username: members[1]!.username, score: 2, comment: null },
      { username: members[0]!.username, score: 4.3, comment: "Super" },
    ]);
    expect(await listAdminParkReviews(database.db, crypto.randomUUID(), first)).toBeNull();
    expect((await listAdminParkReviews(database.db, (await createPark(database.db)).id, first))!.reviews.rows).toEqual([]);
    expect(await findAdminPark(database.db, park.id)).toMatchObject({ id: park.id, name: park.name });
  });
});

describe("/admin/parks route", () => {
  function post(user: CurrentUser | null, fields: Record<string, string>) {
    const request = new Request(`${TEST_ORIGIN}/admin/parks`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return action({ request, context: { ...context, currentUser: user }, params: {} } as Parameters<typeof action>[0]);
  }
  const answered = (result: unknown) => {
    const withInit = result as { data?: unknown; init?: { status?: number } };
    return withInit.init ? { status: withInit.init.status, body: withInit.data } : { status: 200, body: result };
  };

  it("takes the dashboard's posts (intent, id, reason) and answers stale with 409", async () => {
    const { park } = await pendingPark();
    expect(answered(await post(admin, { intent: "reject", id: park.id, reason: "" }))).toEqual({
      status: 400,
      body: { ok: false, intent: "reject", error: { key: "admin.errors.reasonRequired" } },
    });
    expect(answered(await post(admin, { intent: "reject", id: park.id, reason: "Doublon" }))).toEqual({ status: 200, body: { ok: true, intent: "reject" } });
    expect(answered(await post(admin, { intent: "approve", id: park.id }))).toEqual({
      status: 409,
      body: { ok: false, intent: "approve", error: { key: "admin.errors.stale" } },
    });
    expect(answered(await post(admin, { intent: "publish", id: park.id })).status).toBe(400);
    expect(answered(await post(admin, { intent: "approve", id: "not-an-id" })).status).toBe(400);
  });

  it("passes the edit form's location to the edit, both coordinates", async () => {
    const { park } = await pendingPark();
    const edit = { intent: "update", id: park.id, ...validEdit(park.name), latitude: "45,7772", longitude: "4,8789" };
    expect(answered(await post(admin, edit))).toEqual({ status: 200, body: { ok: true, intent: "update" } });
    expect(await parkRow(park.id)).toMatchObject({ latitude: 45.7772, longitude: 4.8789 });
  });

  it("refuses visitors and members, and writes nothing", async () => {
    const { park } = await pendingPark();
    const member = await createMember(database.db);
    const visitor = await post(null, { intent: "approve", id: park.id }).catch((error: unknown) => error);
    expect((visitor as Response).status).toBe(302);
    const refused = await post({ id: member.id, username: member.username, isAdmin: false, twoFactorEnabled: false }, { intent: "approve", id: park.id }).catch(
      (error: unknown) => error,
    );
    expect((refused as { init?: { status?: number } }).init?.status).toBe(403);
    expect((await parkRow(park.id))!.moderationStatus).toBe("pending");
  });

  it("reads a cursor naming a time that does not exist, or an id that is no uuid, as the first page, never a 500", async () => {
    const load = (search: string) =>
      loader({ request: new Request(`${TEST_ORIGIN}/admin/parks${search}`), context: { ...context, currentUser: admin }, params: {} } as Parameters<typeof loader>[0]);
    const first = await load("");
    const id = crypto.randomUUID();
    for (const cursor of [`2026-02-30 12:00:00+00~${id}`, `2026-05-01 12:00:00+16~${id}`, "2026-05-01 12:00:00+00~not-a-uuid"]) {
      expect((await load(`?older=${encodeURIComponent(cursor)}`)).screen).toEqual(first.screen);
    }
  });

  it("the list page stays within 6 SQL statements", async () => {
    const counter = { count: 0 };
    const request = new Request(`${TEST_ORIGIN}/admin/parks?q=parc&status=pending`);
    const page = await countQueriesOf(counter, () => loader({ request, context: { ...context, currentUser: admin }, params: {} } as Parameters<typeof loader>[0]));
    expect(page.screen.kind).toBe("list");
    expect(counter.count).toBeLessThanOrEqual(6);
  });
});

const decode = (cursor: string) => decodeCursor(cursor)!;
