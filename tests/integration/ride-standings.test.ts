import { and, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitBradleyTerry } from "~/domain/bradley-terry";
import { isRankPrecise } from "~/domain/rank-ranges";
import { rideTypeId } from "~/domain/ride-types";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { listBestRides } from "~/server/rankings/best-rides";
import { listDuelRanking } from "~/server/rankings/duel-ranking";
import { createRankingsJob } from "~/server/rankings/rankings-job";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The rankings job (decision 0079): every ranked ride's standing and plausible ranks, written only where they changed,
 * the month's snapshot once, and its run recorded.
 */
let database: TestDatabase;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A histogram of `count` ratings around `average` (the factories set the aggregates directly). */
function ratings(count: number, stars: number) {
  const histogram = [0, 0, 0, 0, 0];
  histogram[stars - 1] = count;
  return { ratingCount: count, ratingSum: count * stars, ratingHistogram: histogram };
}

const standingsOf = (rideId: string) =>
  database.db.select().from(schema.rideStandings).where(eq(schema.rideStandings.rideId, rideId));

describe("the rankings job", () => {
  it("places every ranked ride in both rankings, all types and its own, in the live order, each rank inside its range", async () => {
    const db = database.db;
    const park = await createPark(db);
    const loved = await createRide(db, park.id, ratings(400, 5));
    const good = await createRide(db, park.id, ratings(300, 4));
    const lucky = await createRide(db, park.id, ratings(1, 5));
    // Two ratings at 4 (3.58): as likely as the lone 5/5 (3.64) to be the better of the two.
    await createRide(db, park.id, ratings(2, 4));
    const darkRide = await createRide(db, park.id, { ...ratings(50, 4), typeId: rideTypeId("dark_ride") });
    const duelled = await createRide(db, park.id, { duelWins: 30, duelLosses: 5 });
    const once = await createRide(db, park.id, { duelWins: 1, duelLosses: 0 });
    const unrated = await createRide(db, park.id);

    const job = createRankingsJob({ db, logger });
    const first = await job.run(new Date("2027-03-05T10:00:00Z"));
    expect(first.written).toBe(true);
    expect(first.changedStandings).toBeGreaterThan(0);

    const live = (await listBestRides(db, null)).map((row) => row.id);
    const rows = await db.select().from(schema.rideStandings).where(and(eq(schema.rideStandings.ranking, "ratings"), eq(schema.rideStandings.scopeTypeId, 0)));
    expect(rows.sort((a, b) => a.rank - b.rank).map((row) => row.rideId)).toEqual(live);
    for (const row of rows) {
      expect(row.rankLow).toBeLessThanOrEqual(row.rank);
      expect(row.rankHigh).toBeGreaterThanOrEqual(row.rank);
      expect(row.rankedCount).toBe(live.length);
    }
    // 400 ratings at 5 is first and sure of it; one 5/5 may stand almost anywhere.
    const [lovedAll] = (await standingsOf(loved.id)).filter((row) => row.ranking === "ratings" && row.scopeTypeId === 0);
    expect(lovedAll).toMatchObject({ rank: 1, rankLow: 1, rankHigh: 1 });
    expect(isRankPrecise(lovedAll!)).toBe(true);
    const [luckyAll] = (await standingsOf(lucky.id)).filter((row) => row.ranking === "ratings" && row.scopeTypeId === 0);
    expect(luckyAll!.rankHigh - luckyAll!.rankLow).toBeGreaterThanOrEqual(1);
    expect(luckyAll!.scoreHigh - luckyAll!.scoreLow).toBeGreaterThan(lovedAll!.scoreHigh - lovedAll!.scoreLow);

    // Its own type's scope ranks only its type: the dark ride is first of the dark rides.
    const darkRows = await standingsOf(darkRide.id);
    expect(darkRows.find((row) => row.ranking === "ratings" && row.scopeTypeId === rideTypeId("dark_ride"))).toMatchObject({ rank: 1 });
    expect(darkRows.find((row) => row.ranking === "ratings" && row.scopeTypeId === 0)!.rank).toBeGreaterThan(1);

    // The duel ranking, in its live order; a ride without duels is in neither ranking of duels.
    const duelRows = await db.select().from(schema.rideStandings).where(and(eq(schema.rideStandings.ranking, "duels"), eq(schema.rideStandings.scopeTypeId, 0)));
    expect(duelRows.sort((a, b) => a.rank - b.rank).map((row) => row.rideId)).toEqual((await listDuelRanking(db, null)).map((row) => row.id));
    expect(duelRows.map((row) => row.rideId)).toEqual(expect.arrayContaining([duelled.id, once.id]));
    expect(await standingsOf(unrated.id)).toEqual([]);
    expect(await standingsOf(good.id)).toHaveLength(2);

    // The run is recorded.
    const [run] = await db.select().from(schema.jobRuns).where(eq(schema.jobRuns.name, "rankings"));
    expect(run).toMatchObject({ error: null });
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("rewrites nothing when nothing changed, and drops the standings of a ride that left a ranking or changed type", async () => {
    const db = database.db;
    const job = createRankingsJob({ db, logger });
    await job.run(new Date("2027-03-06T10:00:00Z"));
    const again = await job.run(new Date("2027-03-06T10:10:00Z"));
    expect(again).toMatchObject({ written: true, changedStandings: 0, snapshotTaken: false });

    const park = await createPark(db);
    const leaving = await createRide(db, park.id, ratings(20, 4));
    const moving = await createRide(db, park.id, ratings(20, 3));
    await job.run(new Date("2027-03-06T10:20:00Z"));
    expect(await standingsOf(leaving.id)).toHaveLength(2);

    await db.update(schema.rides).set({ moderationStatus: "rejected", rejectionReason: "Doublon" }).where(eq(schema.rides.id, leaving.id));
    await db.update(schema.rides).set({ typeId: rideTypeId("water_ride") }).where(eq(schema.rides.id, moving.id));
    const after = await job.run(new Date("2027-03-06T10:30:00Z"));
    expect(after.changedStandings).toBeGreaterThan(0);
    expect(await standingsOf(leaving.id)).toEqual([]);
    expect((await standingsOf(moving.id)).map((row) => row.scopeTypeId).sort()).toEqual([0, rideTypeId("water_ride")]);
  });

  it("keeps the standings of the month that ended once, at the month's first run", async () => {
    const db = database.db;
    const job = createRankingsJob({ db, logger });
    const months = async () =>
      (await queryRows<{ month: string }>(db, sql`SELECT DISTINCT month::text AS month FROM ride_standing_snapshots ORDER BY 1`)).map((row) => row.month);
    // The runs of March 2027 (the tests above) kept nothing: the first run ever has no month behind it.
    expect(await months()).toEqual([]);
    const park = await createPark(db);
    expect((await job.run(new Date("2027-03-31T23:00:00Z"))).snapshotTaken).toBe(false);
    const endOfMarch = await db.select().from(schema.rideStandings);
    // A ride rated after March's last run is not in March's snapshot, though the April run places it.
    const lateComer = await createRide(db, park.id, ratings(30, 5));
    expect((await job.run(new Date("2027-04-01T00:05:00Z"))).snapshotTaken).toBe(true);
    expect(await months()).toEqual(["2027-03-01"]);
    const kept = await db.select().from(schema.rideStandingSnapshots).where(eq(schema.rideStandingSnapshots.month, "2027-03-01"));
    const key = (row: { rideId: string; ranking: string; scopeTypeId: number; rank: number }) => `${row.rideId} ${row.ranking} ${row.scopeTypeId} ${row.rank}`;
    expect(kept.map(key).sort()).toEqual(endOfMarch.map(key).sort());
    expect(kept.some((row) => row.rideId === lateComer.id)).toBe(false);
    expect(await standingsOf(lateComer.id)).toHaveLength(2);
    // Later runs of April keep nothing more; May's first keeps April.
    expect((await job.run(new Date("2027-04-20T00:00:00Z"))).snapshotTaken).toBe(false);
    expect((await job.run(new Date("2027-05-02T00:00:00Z"))).snapshotTaken).toBe(true);
    expect(await months()).toEqual(["2027-03-01", "2027-04-01"]);
  });

  it("moves both rides' strengths by one step at each duel, fits every type's duels at each run, and puts back the prior", async () => {
    const db = database.db;
    const park = await createPark(db);
    const [member, other] = [await createMember(db), await createMember(db)];
    const [a, b, c] = [await createRide(db, park.id), await createRide(db, park.id), await createRide(db, park.id)];
    const strengths = async () =>
      new Map(
        (await db.select({ id: schema.rides.id, strength: schema.rides.duelStrength, sd: schema.rides.duelStrengthSd }).from(schema.rides).where(inArray(schema.rides.id, [a.id, b.id, c.id]))).map(
          (row) => [row.id, row],
        ),
      );
    const duel = (userId: string, winnerId: string, loserId: string) =>
      db.insert(schema.rideDuels).values({ userId, typeId: rideTypeId("roller_coaster"), winnerId, loserId }).returning();
    // From the prior (0, 1), p = ½: the winner gains ½ / (1 + ¼) = 0.4, the loser loses as much; sd 1 / √1.25.
    await duel(member.id, a.id, b.id);
    let now = await strengths();
    expect(now.get(a.id)!.strength).toBeCloseTo(0.4, 10);
    expect(now.get(b.id)!.strength).toBeCloseTo(-0.4, 10);
    expect(now.get(a.id)!.sd).toBeCloseTo(1 / Math.sqrt(1.25), 10);
    expect(now.get(c.id)).toMatchObject({ strength: 0, sd: 1 });

    await duel(member.id, a.id, c.id);
    const [dropped] = await duel(other.id, c.id, b.id);
    const job = createRankingsJob({ db, logger });
    const run = await job.run(new Date("2027-05-10T00:00:00Z"));
    expect(run.changedStrengths).toBeGreaterThan(0);
    now = await strengths();
    const fit = fitBradleyTerry([
      { winnerId: a.id, loserId: b.id },
      { winnerId: a.id, loserId: c.id },
      { winnerId: c.id, loserId: b.id },
    ]);
    for (const id of [a.id, b.id, c.id]) {
      expect(now.get(id)!.strength).toBeCloseTo(fit.rides.get(id)!.strength, 3);
      expect(now.get(id)!.sd).toBeCloseTo(fit.rides.get(id)!.sd, 3);
    }
    expect((await job.run(new Date("2027-05-10T00:10:00Z"))).changedStrengths).toBe(0);

    // The duels removed (a member's reset): their rides go back to the prior at the next fit.
    await db.delete(schema.rideDuels).where(inArray(schema.rideDuels.userId, [member.id, other.id]));
    expect(dropped).toBeDefined();
    await job.run(new Date("2027-05-10T00:20:00Z"));
    now = await strengths();
    for (const id of [a.id, b.id, c.id]) expect(now.get(id)).toMatchObject({ strength: 0, sd: 1 });
  });
});
