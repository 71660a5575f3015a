import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { countQueriesOf } from "~/server/db/query-count";
import { RENDER_IN_FULL, memberPartReader, ownPageOf, slotPartReader } from "~/server/pages/member-parts";
import { parkRatings, parkSuggestions, rideRatings, visitPlans } from "~/server/db/schema";
import { ownReviewOf, type ShownReviews } from "~/domain/review-paging";
import type { ParkReview, RideReview } from "~/domain/reviews";
import { listMemberReviews } from "~/server/profiles/member-reviews";
import { logRide } from "~/server/ride-log/ride-log-writes";
import { createMember, createPark, createRide } from "../support/factories";
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
    for (const route of ["account", "duels", "contribute", "login", "park-suggest", "profile-top-lists"]) {
      expect(memberPartReader(route)).toBeNull();
      expect(slotPartReader(route)).toBeNull();
    }
  });
});

/** The member's own fields of a page with member slots (decision 0064), read from the visitors' data of the page. */
async function slotPartOf(route: string, user: CurrentUser, visitorsData: Record<string, unknown>, address = "http://parcours.test/fr/x") {
  const counter = { count: 0 };
  const url = new URL(address);
  const part = await countQueriesOf(counter, () => slotPartReader(route)!({ db: database.db, user, params: {}, url, visitorsData }));
  return { part, statements: counter.count };
}

describe("a member's own fields of the park and ride pages", () => {
  it("on a ride page their own rating, the reviews as they see them and their log of the ride, in three statements", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const { part, statements } = await slotPartOf("attraction", viewer, { attraction: { id: ride.id } });
    expect(part).toEqual({ own: null, reviews: expect.objectContaining({ reviews: [] }), rideLog: { entries: [], times: 0, lastOn: null, wished: false } });
    expect(statements).toBe(3);
  });

  it("on a park page the same, unless the member has rides of their own awaiting moderation there: that page is theirs in full", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    await createRide(database.db, park.id);
    expect((await slotPartOf("park", viewer, { park: { id: park.id } })).part).toEqual({ own: null, reviews: expect.objectContaining({ reviews: [] }), forYou: [] });
    await createRide(database.db, park.id, { moderationStatus: "pending", createdBy: viewer.id });
    expect((await slotPartOf("park", viewer, { park: { id: park.id } })).part).toBe(RENDER_IN_FULL);
    // Another member's pending ride is not theirs: their page is still the shared one.
    const other = await member();
    expect((await slotPartOf("park", other, { park: { id: park.id } })).part).not.toBe(RENDER_IN_FULL);
  });
});

describe("a member's own review, once in their part (decision 0080)", () => {
  it("on the reviews' first page it is the list's first, not sent again as own; the page finds it there", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    await database.db.insert(parkRatings).values({ parkId: park.id, userId: viewer.id, themingRating: 4, visitDuration: "full_day", comment: "Le mien" });
    const part = (await slotPartOf("park", viewer, { park: { id: park.id } })).part as { own: ParkReview | null; reviews: ShownReviews<ParkReview> };
    expect(part.own).toBeNull();
    expect(part.reviews.reviews[0]).toMatchObject({ comment: "Le mien", isMine: true });
    expect(ownReviewOf(part.own, part.reviews)).toMatchObject({ comment: "Le mien", stars: expect.objectContaining({ theming: 4 }) });

    const ride = await createRide(database.db, park.id);
    await database.db.insert(rideRatings).values({ rideId: ride.id, userId: viewer.id, rating: 5, audienceType: "general", comment: "Ma note" });
    const ridePart = (await slotPartOf("attraction", viewer, { attraction: { id: ride.id } })).part as { own: RideReview | null; reviews: ShownReviews<RideReview> };
    expect(ridePart.own).toBeNull();
    expect(ownReviewOf(ridePart.own, ridePart.reviews)).toMatchObject({ comment: "Ma note", rating: 5 });
  });

  it("on a later page, which does not list it, it is sent as own", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    await database.db.insert(parkRatings).values({ parkId: park.id, userId: viewer.id, themingRating: 2, visitDuration: "half_day", comment: "Le mien" });
    // Any cursor that is one: a later page (here an empty one) shows the others' reviews only.
    const first = (await slotPartOf("park", viewer, { park: { id: park.id } })).part as { reviews: ShownReviews<ParkReview> };
    expect(first.reviews.firstPageAddress).toBeNull();
    for (let i = 0; i < 6; i++) {
      const other = await member();
      await database.db.insert(parkRatings).values({ parkId: park.id, userId: other.id, themingRating: 3, visitDuration: "half_day", comment: `Avis ${i}` });
    }
    const withOthers = (await slotPartOf("park", viewer, { park: { id: park.id } })).part as { reviews: ShownReviews<ParkReview> };
    const later = (await slotPartOf("park", viewer, { park: { id: park.id } }, `http://parcours.test/fr/x${withOthers.reviews.nextAddress!.replace(/#.*/, "")}`)).part as {
      own: ParkReview | null;
      reviews: ShownReviews<ParkReview>;
    };
    expect(later.reviews.firstPageAddress).not.toBeNull();
    expect(later.reviews.reviews.some((review) => review.isMine)).toBe(false);
    expect(later.own).toMatchObject({ comment: "Le mien" });
    expect(ownReviewOf(later.own, later.reviews)).toBe(later.own);
  });
});

describe("a member's own profile (decision 0067)", () => {
  it("is theirs at /profile only; its visitors' page is their public profile", async () => {
    const viewer = await member();
    expect(ownPageOf("profile", { userId: viewer.id })).toBeNull();
    expect(ownPageOf("park", {})).toBeNull();
    expect(ownPageOf("profile", {})!.visitorsPath(viewer)).toBe(`/profile/${viewer.id}`);
  });

  it("reads their plans, their suggestions, their reviews as they see them, their ride log's credits and their Pour vous, in five statements", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    await database.db.insert(visitPlans).values({ userId: viewer.id, parkId: park.id, name: "Mon plan secret" });
    await database.db.insert(parkSuggestions).values({ suggestedBy: viewer.id, parkId: park.id, suggestedChanges: { region: "Ailleurs" }, reason: "Vu sur place" });
    // Hidden by auto-moderation: listed for its author only, marked.
    await database.db.insert(rideRatings).values({ rideId: ride.id, userId: viewer.id, rating: 4, audienceType: "general", comment: "Masqué", hiddenAt: new Date() });
    const logged = await logRide(database.db, viewer, ride.id, { id: randomUUID(), riddenOn: "2026-07-14", times: 2, note: null });
    expect(logged.ok).toBe(true);
    const counter = { count: 0 };
    const url = new URL("http://parcours.test/fr/profile");
    const part = (await countQueriesOf(counter, () =>
      ownPageOf("profile", {})!.readPart({ db: database.db, user: viewer, params: {}, url, visitorsData: {} }),
    )) as { isOwn: boolean; plans: Array<{ name: string }>; suggestions: { total: number }; reviews: { reviews: Array<{ comment: string; hidden: boolean }> }; rideLog: unknown };
    // Three for the plans, the suggestions and the reviews; one for the ride log's credits and types, kept by the
    // triggers (decision 0075), whatever the log's size: its details are on its own page; one for "Pour vous" and the
    // members of close taste, kept by the tastes job (decision 0078).
    expect(counter.count).toBe(5);
    expect((part as unknown as { forYou: unknown }).forYou).toEqual({ suggestions: [], neighbours: [] });
    expect(part.rideLog).toEqual({ visibility: "private", rules: { coastersOnly: false, countRemoved: true }, total: 1, byType: [{ type: "roller_coaster", credits: 1 }] });
    expect(part.isOwn).toBe(true);
    expect(part.plans.map((plan) => plan.name)).toEqual(["Mon plan secret"]);
    expect(part.suggestions.total).toBe(1);
    expect(part.reviews.reviews).toEqual([expect.objectContaining({ comment: "Masqué", hidden: true })]);

    // Another member's own profile holds none of it.
    const other = await member();
    const theirs = (await ownPageOf("profile", {})!.readPart({ db: database.db, user: other, params: {}, url, visitorsData: {} })) as typeof part;
    expect(theirs.plans).toEqual([]);
    expect(theirs.suggestions.total).toBe(0);
    expect(theirs.reviews.reviews).toEqual([]);
  });

  it("leaves their reviews to the public page's data when they are the same page of reviews (decision 0080)", async () => {
    const viewer = await member();
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    await database.db.insert(rideRatings).values({ rideId: ride.id, userId: viewer.id, rating: 4, audienceType: "general", comment: "Public" });
    const url = new URL("http://parcours.test/fr/profile");
    const publicReviews = await listMemberReviews(database.db, viewer.id, null, "date-desc", { reviewId: null, direction: "after" });
    const part = await ownPageOf("profile", {})!.readPart({ db: database.db, user: viewer, params: {}, url, visitorsData: { reviews: publicReviews } });
    expect(part).not.toHaveProperty("reviews");
    expect(part).toMatchObject({ isOwn: true });

    // A review hidden by auto-moderation is listed for its author only: their page differs, and their part carries it.
    const other = await createRide(database.db, park.id);
    await database.db.insert(rideRatings).values({ rideId: other.id, userId: viewer.id, rating: 1, audienceType: "general", comment: "Masqué", hiddenAt: new Date() });
    const stalePublic = await listMemberReviews(database.db, viewer.id, null, "date-desc", { reviewId: null, direction: "after" });
    const withHidden = (await ownPageOf("profile", {})!.readPart({ db: database.db, user: viewer, params: {}, url, visitorsData: { reviews: stalePublic } })) as {
      reviews: { reviews: Array<{ comment: string; hidden: boolean }> };
    };
    expect(withHidden.reviews.reviews.map((review) => [review.comment, review.hidden])).toEqual([
      ["Masqué", true],
      ["Public", false],
    ]);
  });
});

