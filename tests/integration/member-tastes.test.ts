import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARK_SUGGESTIONS, PROFILE_SUGGESTIONS } from "~/domain/member-tastes";
import { loadDemoContent } from "~/server/demo/load-demo-content";
import { TASTE_GROUP, TASTE_GROUP_MEMBER } from "~/server/demo/taste-group";
import * as schema from "~/server/db/schema";
import { readForYou, readRideSuggestions, readTasteNeighbours } from "~/server/tastes/member-tastes";
import { KEPT_SUGGESTIONS, SHOWN_NEIGHBOURS, createTastesJob } from "~/server/tastes/tastes-job";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Members with your taste and rides for you (decision 0078) on the demo, whose planted group shares a marked taste:
 * the tastes job's rows, and what the member's pages read of them.
 */
let database: TestDatabase;
const logger = pino({ level: "silent" });
let felixId: string;
let groupIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoContent(database.db, "admin@parcours.local");
  const members = await database.db.select({ id: schema.profiles.id, username: schema.profiles.username }).from(schema.profiles);
  const idOf = (username: string) => members.find((member) => member.username === username)!.id;
  felixId = idOf(TASTE_GROUP_MEMBER.username);
  groupIds = TASTE_GROUP.filter((member) => member !== TASTE_GROUP_MEMBER).map((member) => idOf(member.username));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe("the tastes job", () => {
  it("finds the planted group as Félix's closest members and the rides they love that he has not rated", async () => {
    const run = await createTastesJob({ db: database.db, logger }).run();
    expect(run.finished).toBe(true);
    const neighbours = await readTasteNeighbours(database.db, felixId);
    expect(neighbours.length).toBeLessThanOrEqual(SHOWN_NEIGHBOURS);
    expect(neighbours).toHaveLength(SHOWN_NEIGHBOURS);
    for (const neighbour of neighbours) expect(groupIds).toContain(neighbour.userId);
    for (const neighbour of neighbours) expect(neighbour.sharedRides).toBeGreaterThanOrEqual(3);

    const { suggestions } = await readForYou(database.db, felixId);
    expect(suggestions.length).toBe(PROFILE_SUGGESTIONS);
    expect(suggestions.slice(0, 3).map((ride) => ride.name).sort()).toEqual(["Chiapas – Die Wasserbahn", "Droomvlucht", "Piraten in Batavia"].sort());
    for (const ride of suggestions.slice(0, 3)) expect(ride.supporters).toBeGreaterThanOrEqual(3);
    const kept = await database.db.select().from(schema.memberRideSuggestions).where(eq(schema.memberRideSuggestions.userId, felixId));
    expect(kept.length).toBeLessThanOrEqual(KEPT_SUGGESTIONS);
    // Never a ride he rated.
    const rated = await database.db.select({ id: schema.rideRatings.rideId }).from(schema.rideRatings).where(eq(schema.rideRatings.userId, felixId));
    expect(kept.map((row) => row.rideId).filter((id) => rated.some((rating) => rating.id === id))).toEqual([]);
  });

  it("lists a park's own suggestions on its page, hides a ride the member rated since at once, and a suspended member", async () => {
    const [droomvlucht] = await database.db
      .select({ id: schema.rides.id, parkId: schema.rides.parkId })
      .from(schema.rides)
      .where(eq(schema.rides.name, "Droomvlucht"));
    const inPark = await readRideSuggestions(database.db, felixId, droomvlucht!.parkId, PARK_SUGGESTIONS);
    expect(inPark.map((ride) => ride.name)).toContain("Droomvlucht");
    expect(new Set(inPark.map((ride) => ride.parkSlug)).size).toBe(1);

    await database.db.insert(schema.rideRatings).values({ userId: felixId, rideId: droomvlucht!.id, rating: 5, audienceType: "general" });
    expect((await readForYou(database.db, felixId)).suggestions.map((ride) => ride.name)).not.toContain("Droomvlucht");

    const [first] = await readTasteNeighbours(database.db, felixId);
    await database.db.update(schema.profiles).set({ isSuspended: true, suspensionReason: "Test" }).where(eq(schema.profiles.id, first!.userId));
    expect((await readTasteNeighbours(database.db, felixId)).map((neighbour) => neighbour.userId)).not.toContain(first!.userId);
    await database.db.update(schema.profiles).set({ isSuspended: false, suspensionReason: null }).where(eq(schema.profiles.id, first!.userId));
  });

  it("works through the members from where its previous run stopped, and one process writes at a time", async () => {
    const job = createTastesJob({ db: database.db, logger });
    const [state] = await database.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.name, "tastes"));
    // The whole demo fits in one run: it reached the last member and starts again from the first.
    expect(state).toMatchObject({ cursor: null, error: null });
    const again = await job.run();
    expect(again.finished).toBe(true);
    const rows = await database.db
      .select({ userId: schema.memberTasteNeighbours.userId })
      .from(schema.memberTasteNeighbours)
      .where(and(inArray(schema.memberTasteNeighbours.userId, groupIds), eq(schema.memberTasteNeighbours.position, 1)));
    expect(rows.length).toBe(groupIds.length);
  });

  it("leaves a site over its limit of ratings to the job's own process, which goes on for its time from where it stopped", async () => {
    const limited = createTastesJob({ db: database.db, logger, inProcessMaxRatings: 10 });
    expect(await limited.run()).toMatchObject({ skipped: true, members: 0 });
    // No time at all: one batch, and the place kept.
    const short = await limited.run({ ownProcess: true, budgetMs: 0 });
    expect(short).toMatchObject({ members: 0, finished: false });
    const pass = await limited.run({ ownProcess: true });
    expect(pass.finished).toBe(true);
    expect(pass.members).toBeGreaterThanOrEqual(groupIds.length + 1);
    const [state] = await database.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.name, "tastes"));
    expect(state!.cursor).toBeNull();
  });
});
