import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { rideTypeId } from "~/domain/ride-types";
import { RANKING_SIZE, TOP_DUELS_LEADERS, type RankingsView } from "~/domain/rankings";
import { loader } from "~/routes/rankings";
import { deleteAccount } from "~/server/accounts/delete-account";
import { approveRide, deleteRide } from "~/server/admin/ride-moderation";
import { queryRows, type Executor } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { listBestRides } from "~/server/rankings/best-rides";
import { listDuelRanking, listTopDuels } from "~/server/rankings/duel-ranking";
import { listTopContributors, listTopReviewers } from "~/server/rankings/leaderboards";
import { loadRanking } from "~/server/rankings/rankings-page";
import { createRankingsJob } from "~/server/rankings/rankings-job";
import { listTopRiders } from "~/server/rankings/top-riders";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The rankings page (docs/rules/duels-and-rankings.md#rankings-page; decision 0020). The orders are
 * checked on rides whose maintained columns are set directly (`orders`); the
 * writes that maintain those columns are checked against their recomputation
 * on a database of their own (`writes`), which no direct setting disturbs.
 */
let orders: TestDatabase;
let writes: TestDatabase;

beforeAll(async () => {
  [orders, writes] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([orders?.close(), writes?.close()]);
});

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
const manufacturerId = async (db: Executor, slug: string) =>
  (await db.select({ id: schema.manufacturers.id }).from(schema.manufacturers).where(eq(schema.manufacturers.slug, slug)))[0]!.id;
const COASTER = rideTypeId("roller_coaster");
const DARK_RIDE = rideTypeId("dark_ride");

describe("best attractions", () => {
  it("orders by the Bayesian average, so one 5/5 ranks below many ratings at 4.8; shows the plain average", async () => {
    const db = orders.db;
    const park = await createPark(db);
    const lucky = await createRide(db, park.id, { ratingCount: 1, ratingSum: 5 });
    const loved = await createRide(db, park.id, { ratingCount: 2000, ratingSum: 9600 });
    const middling = await createRide(db, park.id, { ratingCount: 40, ratingSum: 160 });
    const rows = await listBestRides(db, null);
    const order = ids(rows).filter((id) => [lucky.id, loved.id, middling.id].includes(id));
    // Plain averages 5.0, 4.8, 4.0; Bayesian 3.64, 4.79, 3.9.
    expect(order).toEqual([loved.id, middling.id, lucky.id]);
    expect(rows.find((row) => row.id === lucky.id)).toMatchObject({ averageRating: 5, ratingCount: 1, parkSlug: park.slug, parkName: park.name });
    expect(rows.find((row) => row.id === loved.id)).toMatchObject({ averageRating: 4.8, ratingCount: 2000 });
    // The rows carry the score that orders them, which the page shows.
    expect(rows.find((row) => row.id === loved.id)!.score).toBeCloseTo(4.79, 2);
    expect(rows.find((row) => row.id === lucky.id)!.score).toBeCloseTo(3.64, 2);
  });

  it("leaves out unrated, removed, unapproved rides and rides of unapproved parks; filters by type", async () => {
    const db = orders.db;
    const park = await createPark(db);
    const hiddenPark = await createPark(db, { moderationStatus: "pending" });
    const rated = { ratingCount: 3, ratingSum: 15 };
    const coaster = await createRide(db, park.id, rated);
    const darkRide = await createRide(db, park.id, { ...rated, typeId: DARK_RIDE });
    const unrated = await createRide(db, park.id);
    const removed = await createRide(db, park.id, { ...rated, status: "removed" });
    const pending = await createRide(db, park.id, { ...rated, moderationStatus: "pending" });
    const rejected = await createRide(db, park.id, { ...rated, moderationStatus: "rejected", rejectionReason: "Doublon" });
    const inHiddenPark = await createRide(db, hiddenPark.id, rated);
    const all = ids(await listBestRides(db, null));
    expect(all).toEqual(expect.arrayContaining([coaster.id, darkRide.id]));
    for (const absent of [unrated, removed, pending, rejected, inHiddenPark]) expect(all).not.toContain(absent.id);
    const darkRides = ids(await listBestRides(db, "dark_ride"));
    expect(darkRides).toContain(darkRide.id);
    expect(darkRides).not.toContain(coaster.id);
    expect(await listBestRides(db, "walk_through")).toEqual([]);
  });

  it("filters by manufacturer, with or without a type (decision 0052)", async () => {
    const db = orders.db;
    const vekoma = await manufacturerId(db, "vekoma");
    const mack = await manufacturerId(db, "mack-rides");
    const park = await createPark(db);
    const rated = { ratingCount: 3, ratingSum: 12 };
    const coaster = await createRide(db, park.id, { ...rated, manufacturerId: vekoma });
    const darkRide = await createRide(db, park.id, { ...rated, ratingSum: 15, typeId: DARK_RIDE, manufacturerId: vekoma });
    const other = await createRide(db, park.id, { ...rated, manufacturerId: mack });
    const unknown = await createRide(db, park.id, rated);
    expect(ids(await listBestRides(db, null, vekoma))).toEqual([darkRide.id, coaster.id]);
    expect(ids(await listBestRides(db, "dark_ride", vekoma))).toEqual([darkRide.id]);
    expect(ids(await listBestRides(db, "walk_through", vekoma))).toEqual([]);
    const all = ids(await listBestRides(db, null));
    expect(all).toEqual(expect.arrayContaining([coaster.id, darkRide.id, other.id, unknown.id]));
  });

  it("keeps the top 100", async () => {
    const db = orders.db;
    const park = await createPark(db);
    await db.insert(schema.rides).values(
      Array.from({ length: RANKING_SIZE + 5 }, (_, index) => ({
        parkId: park.id,
        name: `Mass ${index}`,
        slug: `mass-${index}`,
        typeId: COASTER,
        moderationStatus: "approved" as const,
        ratingCount: 1,
        ratingSum: 4,
      })),
    );
    expect(await listBestRides(db, "roller_coaster")).toHaveLength(RANKING_SIZE);
  });
});

describe("duel ranking", () => {
  it("filters by manufacturer (decision 0052)", async () => {
    const db = orders.db;
    const intamin = await manufacturerId(db, "intamin");
    const park = await createPark(db);
    const strong = await createRide(db, park.id, { duelWins: 9, duelLosses: 1, duelStrength: 1.4, manufacturerId: intamin });
    const weak = await createRide(db, park.id, { duelWins: 1, duelLosses: 9, duelStrength: -1.4, manufacturerId: intamin });
    const elsewhere = await createRide(db, park.id, { duelWins: 5, duelLosses: 0 });
    expect(ids(await listDuelRanking(db, null, intamin))).toEqual([strong.id, weak.id]);
    expect(ids(await listDuelRanking(db, "roller_coaster", intamin))).toEqual([strong.id, weak.id]);
    expect(await listDuelRanking(db, "dark_ride", intamin)).toEqual([]);
    expect(ids(await listDuelRanking(db, null))).toContain(elsewhere.id);
  });

  it("orders by the Bradley–Terry strength the job keeps (decision 0077), then by number of duels; shows V and D", async () => {
    const db = orders.db;
    const park = await createPark(db);
    // A 1–0 ride keeps about the prior's 0.4; a 40–10 ride against strong opponents far more; equal strengths: more duels first.
    const oneWin = await createRide(db, park.id, { typeId: DARK_RIDE, duelWins: 1, duelLosses: 0, duelStrength: 0.4 });
    const strong = await createRide(db, park.id, { typeId: DARK_RIDE, duelWins: 40, duelLosses: 10, duelStrength: 1.6 });
    const fewer = await createRide(db, park.id, { typeId: DARK_RIDE, duelWins: 4, duelLosses: 1, duelStrength: 0.4 });
    const weak = await createRide(db, park.id, { typeId: DARK_RIDE, duelWins: 2, duelLosses: 8, duelStrength: -1.2 });
    const rows = await listDuelRanking(db, "dark_ride");
    expect(ids(rows)).toEqual([strong.id, fewer.id, oneWin.id, weak.id]);
    expect(rows[0]).toMatchObject({ wins: 40, losses: 10, parkSlug: park.slug, slug: strong.slug });
    expect(rows.map((row) => row.score)).toEqual([1.6, 0.4, 0.4, -1.2]);
  });

  it("leaves out rides without duels, unapproved rides and rides of unapproved parks; filters by type", async () => {
    const db = orders.db;
    const park = await createPark(db);
    const hiddenPark = await createPark(db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const duelled = { duelWins: 3, duelLosses: 1, typeId: rideTypeId("water_ride") };
    const shown = await createRide(db, park.id, duelled);
    const removed = await createRide(db, park.id, { ...duelled, status: "removed" });
    const none = await createRide(db, park.id, { typeId: duelled.typeId });
    const pending = await createRide(db, park.id, { ...duelled, moderationStatus: "pending" });
    const inHiddenPark = await createRide(db, hiddenPark.id, duelled);
    const water = ids(await listDuelRanking(db, "water_ride"));
    // A removed ride keeps the duels it won: the ranking is of duels, not of what runs today.
    expect(water.sort()).toEqual([shown.id, removed.id].sort());
    for (const absent of [none, pending, inHiddenPark]) expect(ids(await listDuelRanking(db, null))).not.toContain(absent.id);
    expect(await listDuelRanking(db, "virtual_reality")).toEqual([]);
  });

  it("gives home one block per type with duels, its leaders in the ranking's order", async () => {
    const db = orders.db;
    const blocks = await listTopDuels(db);
    expect(blocks.map((block) => block.type)).toEqual(["roller_coaster", "dark_ride", "water_ride"].filter((type) => blocks.some((b) => b.type === type)));
    for (const block of blocks) {
      expect(block.leaders.length).toBeLessThanOrEqual(TOP_DUELS_LEADERS);
      // No ids: the carousel shows and links a ride by its names and slugs (decision 0061).
      for (const leader of block.leaders) expect(Object.keys(leader).sort()).toEqual(["losses", "name", "parkName", "parkSlug", "slug", "wins"]);
      expect(block.leaders.map((leader) => leader.slug)).toEqual((await listDuelRanking(db, block.type)).slice(0, TOP_DUELS_LEADERS).map((row) => row.slug));
    }
    expect(blocks.find((block) => block.type === "dark_ride")).toBeDefined();
  });
});

describe("best contributors and best reviewers", () => {
  it("orders contributors by approved contributions then suggestions, with every count", async () => {
    const db = orders.db;
    const [first, second, third] = [await createMember(db), await createMember(db), await createMember(db)];
    await db.insert(schema.contributorStats).values([
      { userId: first.id, parksCreated: 2, parksUpdated: 1, attractionsCreated: 5, attractionsUpdated: 3, suggestionsCount: 0 },
      { userId: second.id, parksCreated: 0, parksUpdated: 0, attractionsCreated: 1, attractionsUpdated: 0, suggestionsCount: 9 },
      { userId: third.id, parksCreated: 1, parksUpdated: 0, attractionsCreated: 0, attractionsUpdated: 0, suggestionsCount: 2 },
    ]);
    const rows = await listTopContributors(db);
    expect(rows.map((row) => row.userId)).toEqual([first.id, second.id, third.id]);
    expect(rows[0]).toEqual({
      userId: first.id,
      username: first.username,
      total: 11,
      parksCreated: 2,
      parksUpdated: 1,
      attractionsCreated: 5,
      attractionsUpdated: 3,
      suggestions: 0,
    });
  });

  it("orders reviewers by park ratings, with their coefficient and average", async () => {
    const db = orders.db;
    const [many, few, none] = [await createMember(db), await createMember(db), await createMember(db)];
    const stats = [
      { userId: many.id, totalParkRatings: 12, currentWeight: 1.25, parkScoreSum: 45 },
      { userId: few.id, totalParkRatings: 2, currentWeight: 1, parkScoreSum: 7 },
      { userId: none.id, totalParkRatings: 0, totalRideRatings: 4 },
    ];
    for (const { userId, ...values } of stats) {
      await db.insert(schema.userRatingStats).values({ userId, ...values }).onConflictDoUpdate({ target: schema.userRatingStats.userId, set: values });
    }
    const rows = await listTopReviewers(db);
    expect(rows.map((row) => row.userId)).toEqual([many.id, few.id]);
    expect(rows[0]).toEqual({ userId: many.id, username: many.username, parkRatings: 12, weight: 1.25, averageRating: 3.75 });
  });
});

describe("the rankings page", () => {
  let context: AppLoadContext;
  beforeAll(() => {
    context = createAuthContext(orders).context;
  });
  const load = (search: string) =>
    loader({ request: new Request(`${TEST_ORIGIN}/fr/rankings${search}`), context, params: {} } as unknown as Parameters<typeof loader>[0]);

  // The ride tabs also read their manufacturer filter's list (decision 0052): one more small statement.
  it.each<[string, RankingsView, number]>([
    ["", { tab: "attractions", type: null, manufacturer: null }, 2],
    ["?tab=duels&type=roller_coaster", { tab: "duels", type: "roller_coaster", manufacturer: null }, 2],
    ["?tab=duels&manufacturer=vekoma", { tab: "duels", type: null, manufacturer: "vekoma" }, 2],
    ["?tab=contributors", { tab: "contributors", type: null, manufacturer: null }, 1],
    ["?tab=reviewers&type=roller_coaster", { tab: "reviewers", type: null, manufacturer: null }, 1],
    ["?tab=riders", { tab: "riders", type: null, manufacturer: null }, 1],
  ])("reads %j as its tab in %i queries", async (search, view, queries) => {
    const counter = { count: 0 };
    const page = await countQueriesOf(counter, () => load(search));
    expect(page.view).toEqual(view);
    expect(page.ranking.tab).toBe(view.tab);
    expect(counter.count).toBe(queries);
  });

  it.each(["?tab=best", "?tab=duels&type=coaster", "?type=1", "?manufacturer=nobody", "?manufacturer=Vekoma"])("answers 404 to %j, an address that is no tab", async (search) => {
    const thrown = await load(search).catch((error: unknown) => error);
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("gives home its Top Duels in one query", async () => {
    const counter = { count: 0 };
    await countQueriesOf(counter, () => listTopDuels(orders.db));
    expect(counter.count).toBe(1);
  });

  it.each<[string, (db: Executor) => Promise<unknown>, string]>([
    ["best attractions", (db) => listBestRides(db, null), "attractions_bayes_rank_idx"],
    ["best attractions of a type", (db) => listBestRides(db, "dark_ride"), "attractions_type_bayes_rank_idx"],
    ["duel ranking", (db) => listDuelRanking(db, null), "attractions_duel_rank_idx"],
    ["duel ranking of a type", (db) => listDuelRanking(db, "dark_ride"), "attractions_type_duel_rank_idx"],
    ["best attractions of a manufacturer", (db) => listBestRides(db, null, 1), "attractions_manufacturer_bayes_rank_idx"],
    ["duel ranking of a manufacturer", (db) => listDuelRanking(db, null, 1), "attractions_manufacturer_duel_rank_idx"],
    ["Top Duels", listTopDuels, "attractions_type_duel_rank_idx"],
    ["best contributors", listTopContributors, "contributor_stats_rank_idx"],
    ["best reviewers", listTopReviewers, "user_rating_stats_reviewers_idx"],
    ["top riders", listTopRiders, "profiles_top_riders_idx"],
  ])("reads the %s by walking an index, never sorting the rows it ranks", async (_name, list, index) => {
    const plan = await orders.db.transaction(async (tx) => {
      // Small tables make a sequential scan cheap; forbidding it and sorting shows which index paths exist.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const lines: string[] = [];
      const explaining = {
        execute: async (query: SQL) => {
          const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN ${query}`);
          lines.push(...rows.map((row) => row["QUERY PLAN"]));
          return [];
        },
      } as unknown as Executor;
      await list(explaining);
      return lines.join("\n");
    });
    expect(plan).toContain(index);
    // Top Duels sorts its few leaders (10 types × 5 at most) once they are read: nothing below that.
    if (list === listTopDuels) expect(plan).not.toMatch(/->\s+(Incremental )?Sort/);
    else expect(plan).not.toMatch(/Sort/);
  });
});

describe("counts kept by the writes that change them", () => {
  it("agree with their recomputation after duels, a ride's deletion, an approval, a suggestion and a member's deletion", async () => {
    const db = writes.db;
    const harness = createAuthContext(writes);
    const [admin, player, author] = [await createMember(db), await createMember(db), await createMember(db)];
    const park = await createPark(db);
    const [a, b, c] = [await createRide(db, park.id), await createRide(db, park.id), await createRide(db, park.id)];
    // The factories write rows without their parks' figures: start from the recomputed state.
    await recomputeAllAggregates(db);
    const duel = (winnerId: string, loserId: string, userId = player.id) =>
      db.insert(schema.rideDuels).values({ userId, typeId: COASTER, winnerId, loserId }).returning();
    await duel(a.id, b.id);
    await duel(a.id, c.id);
    const [dropped] = await duel(c.id, b.id);
    await duel(b.id, a.id, author.id);
    await db.delete(schema.rideDuels).where(eq(schema.rideDuels.id, dropped!.id));
    // A removed duel leaves the strengths its step moved until the job fits the type again (decision 0077).
    await createRankingsJob({ db, logger: harness.context.logger }).run();
    expect(await listDuelRanking(db, "roller_coaster")).toEqual([
      expect.objectContaining({ id: a.id, wins: 2, losses: 1 }),
      expect.objectContaining({ id: b.id, wins: 1, losses: 1 }),
      expect.objectContaining({ id: c.id, wins: 0, losses: 1 }),
    ]);
    await expectAggregatesAsRecomputed(db);

    // Deleting a ride takes its duels with it: the others' counts follow.
    const deps = { db, imageStorage: harness.context.imageStorage, logger: harness.context.logger };
    expect(await deleteRide(deps, admin.id, a.id)).toEqual({ ok: true });
    expect(await listDuelRanking(db, "roller_coaster")).toEqual([]);
    await expectAggregatesAsRecomputed(db);

    // A contribution counts once approved; a suggestion counts when made.
    const ride = await createRide(db, park.id, { moderationStatus: "pending", createdBy: author.id });
    await db.insert(schema.contentModifications).values({ userId: author.id, targetType: "attraction", targetId: ride.id, action: "create" });
    expect((await loadRanking(db, { tab: "contributors", type: null })).rows).toEqual([]);
    expect(await approveRide(db, admin.id, ride.id)).toEqual({ ok: true });
    await db.insert(schema.parkSuggestions).values({ parkId: park.id, suggestedBy: author.id, suggestedChanges: { openingYear: 1999 }, reason: "Site du parc" });
    expect((await loadRanking(db, { tab: "contributors", type: null })).rows).toEqual([
      expect.objectContaining({ userId: author.id, total: 1, attractionsCreated: 1, suggestions: 1 }),
    ]);
    await duel(ride.id, b.id, author.id);
    await expectAggregatesAsRecomputed(db);

    // A member's deletion takes their duels and their line of the contributors.
    expect((await deleteAccount(db, harness.context.config, author.id)).ok).toBe(true);
    expect((await loadRanking(db, { tab: "contributors", type: null })).rows).toEqual([]);
    const [counts] = await queryRows<{ wins: number; losses: number }>(
      db,
      sql`SELECT sum(duel_wins)::int AS wins, sum(duel_losses)::int AS losses FROM attractions`,
    );
    expect(counts).toEqual({ wins: 0, losses: 0 });
    await expectAggregatesAsRecomputed(db);
  });
});
