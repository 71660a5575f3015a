import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { RANKING_SIZE } from "~/domain/rankings";
import type { RideLogVisibility } from "~/domain/ride-log";
import { rideTypeId } from "~/domain/ride-types";
import { profiles, users } from "~/server/db/schema";
import { loadRanking } from "~/server/rankings/rankings-page";
import { listTopRiders } from "~/server/rankings/top-riders";
import { logRide } from "~/server/ride-log/ride-log-writes";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * 'Meilleurs riders' (docs/rules/ride-log.md#top-riders): the members who show their credits, by credits under their
 * own rules, ties by username; on PGlite and PostgreSQL. Each test but the last reads a database of its own riders only.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const suffix = () => crypto.randomBytes(3).toString("hex");

async function rider(username: string, visibility: RideLogVisibility): Promise<CurrentUser> {
  const created = await createMember(database.db, username);
  await showLog(created.id, visibility);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

async function showLog(userId: string, visibility: RideLogVisibility) {
  await database.db.update(profiles).set({ rideLogVisibility: visibility }).where(eq(profiles.id, userId));
}

/** Logs each ride once, through the log's own service: the credits move by trigger. */
async function ride(member: CurrentUser, rideIds: string[]) {
  for (const rideId of rideIds) {
    const answer = await logRide(database.db, member, rideId, { id: crypto.randomUUID(), riddenOn: "2026-05-01", times: 1, note: null });
    if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  }
}

async function rides(count: number, overrides: Parameters<typeof createRide>[2] = {}) {
  const park = await createPark(database.db);
  return Promise.all(Array.from({ length: count }, () => createRide(database.db, park.id, overrides).then((created) => created.id)));
}

const shown = async () => (await listTopRiders(database.db)).map((row) => row.username);

describe("top riders", () => {
  it("orders the members who show their credits by credits, ties by username ignoring case, each counted under their own rules", async () => {
    const tag = suffix();
    const coasters = await rides(4);
    const darkRides = await rides(2, { typeId: rideTypeId("dark_ride") });
    const most = await rider(`most_${tag}`, "log");
    const alice = await rider(`alice_${tag}`, "credits");
    // Upper case sorts before lower case byte by byte: ignoring case, Bob still comes after alice.
    const bob = await rider(`Bob_${tag}`, "log");
    const coastersOnly = await rider(`coasters_${tag}`, "credits");
    const secret = await rider(`secret_${tag}`, "private");
    await ride(most, [...coasters, ...darkRides]);
    await ride(alice, coasters.slice(0, 2));
    await ride(bob, [coasters[0]!, darkRides[0]!]);
    await ride(coastersOnly, [...coasters.slice(0, 3), ...darkRides]);
    await ride(secret, [...coasters, ...darkRides]);
    await database.db.update(profiles).set({ creditsCoastersOnly: true }).where(eq(profiles.id, coastersOnly.id));

    expect(await listTopRiders(database.db)).toEqual([
      { userId: most.id, username: most.username, credits: 6 },
      { userId: coastersOnly.id, username: coastersOnly.username, credits: 3 },
      { userId: alice.id, username: alice.username, credits: 2 },
      { userId: bob.id, username: bob.username, credits: 2 },
    ]);
    // The page's tab reads the same rows.
    expect(await loadRanking(database.db, { tab: "riders", type: null })).toEqual({ tab: "riders", rows: await listTopRiders(database.db) });
  });

  it("leaves out a member who switches to private, and a member who shows a log without credits; takes them back once shown", async () => {
    const tag = suffix();
    const [first, second] = await rides(2);
    const switching = await rider(`switching_${tag}`, "credits");
    const empty = await rider(`empty_${tag}`, "log");
    await ride(switching, [first!, second!]);
    expect(await shown()).toContain(switching.username);
    expect(await shown()).not.toContain(empty.username);

    await showLog(switching.id, "private");
    expect(await shown()).not.toContain(switching.username);
    await showLog(switching.id, "log");
    expect(await shown()).toContain(switching.username);

    await ride(empty, [first!]);
    expect(await shown()).toContain(empty.username);
  });

  it(`keeps the top ${RANKING_SIZE}`, async () => {
    const tag = suffix();
    const ids: string[] = Array.from({ length: RANKING_SIZE + 5 }, () => crypto.randomUUID());
    // Each account's profile comes with it (migration 0003); the credits, kept by triggers, are set directly here.
    await database.db.insert(users).values(ids.map((id, index) => ({ id, name: `mass${index}_${tag}`, email: `mass${index}_${tag}@test.local` })));
    await database.db
      .update(profiles)
      .set({ rideLogVisibility: "credits", rideCredits: sql`1000 + (random() * 100)::int` })
      .where(inArray(profiles.id, ids));
    const rows = await listTopRiders(database.db);
    expect(rows).toHaveLength(RANKING_SIZE);
    expect(rows.every((row) => ids.includes(row.userId))).toBe(true);
    expect(rows.map((row) => row.credits)).toEqual(rows.map((row) => row.credits).sort((a, b) => b - a));
  });
});
