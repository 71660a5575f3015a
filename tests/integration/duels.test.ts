import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import type { DuelAnswer, DuelScreen } from "~/domain/duels";
import { suspendMember } from "~/server/auth/suspension";
import { countQueriesOf } from "~/server/db/query-count";
import { queryRows } from "~/server/db/database";
import { rideDuels, rideRankings, rideRatings, rides } from "~/server/db/schema";
import { listDuelTypes } from "~/server/duels/duel-types";
import { loadDuelScreen } from "~/server/duels/duel-screen";
import { readPersonalRankings } from "~/server/duels/personal-rankings";
import { recordDuel } from "~/server/duels/record-duel";
import { resetDuels } from "~/server/duels/reset-duels";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

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

/** `count` coasters of a fresh park, rated `rating` by the member; named C0 (best of the hidden order) to Cn. */
async function ratedCoasters(user: CurrentUser, count: number, rating = 5, park?: { id: string }) {
  const home = park ?? (await createPark(database.db));
  const ratedRides = [];
  for (let index = 0; index < count; index++) {
    const ride = await createRide(database.db, home.id, { name: `C${String(index).padStart(2, "0")}`, typeId: 1 });
    await rate(user, ride.id, rating);
    ratedRides.push(ride);
  }
  return ratedRides;
}

async function rate(user: CurrentUser, rideId: string, rating: number) {
  await database.db
    .insert(rideRatings)
    .values({ userId: user.id, rideId, rating, audienceType: "thrill" })
    .onConflictDoUpdate({ target: [rideRatings.userId, rideRatings.rideId], set: { rating } });
}

/** Answers every duel from the hidden order (the lower name wins) until the type is complete. */
async function playToTheEnd(user: CurrentUser, first: DuelScreen) {
  let screen = first;
  let duels = 0;
  while (screen.state === "pair") {
    const [a, b] = screen.pair;
    const [winner, loser] = a.name < b.name ? [a, b] : [b, a];
    const answer = await recordDuel(database.db, user, "roller_coaster", winner.id, loser.id);
    if (!answer.ok) throw new Error(answer.error);
    screen = answer.screen;
    duels++;
  }
  return { screen, duels };
}

async function duelCount(userId: string) {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM attraction_duels WHERE user_id = ${userId}`);
  return Number(row!.n);
}

/** Each ride's maintained duel counts equal the duels recorded (the triggers of migration 0016). */
async function expectDuelCountsTrue() {
  const wrong = await queryRows(
    database.db,
    sql`SELECT a.id FROM attractions a
      WHERE a.duel_wins <> (SELECT count(*) FROM attraction_duels d WHERE d.winner_id = a.id)
        OR a.duel_losses <> (SELECT count(*) FROM attraction_duels d WHERE d.loser_id = a.id)`,
  );
  expect(wrong).toEqual([]);
}

function ok(answer: DuelAnswer) {
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  return answer.screen;
}

describe("duels of a member (docs/rules/duels-and-rankings.md#duel-flow)", () => {
  it("counts each type's eligible rides: rated 4 or more, operating, approved, in an approved park", async () => {
    const user = await member();
    const park = await createPark(database.db);
    await ratedCoasters(user, 3, 4, park);
    const low = await createRide(database.db, park.id, { typeId: 1 });
    await rate(user, low.id, 3);
    const removed = await createRide(database.db, park.id, { typeId: 1, status: "removed" });
    await rate(user, removed.id, 5);
    const pending = await createRide(database.db, park.id, { typeId: 1, moderationStatus: "pending" });
    await rate(user, pending.id, 5);
    const pendingPark = await createPark(database.db, { moderationStatus: "pending" });
    const inPendingPark = await createRide(database.db, pendingPark.id, { typeId: 1 });
    await rate(user, inPendingPark.id, 5);
    const darkRide = await createRide(database.db, park.id, { typeId: 2 });
    await rate(user, darkRide.id, 5);

    const types = await listDuelTypes(database.db, user.id);
    expect(types).toHaveLength(10);
    expect(types[0]).toEqual({ type: "roller_coaster", eligible: 3 });
    expect(types[1]).toEqual({ type: "dark_ride", eligible: 1 });
    expect(await loadDuelScreen(database.db, user.id, "dark_ride")).toEqual({ state: "too-few", type: "dark_ride", eligible: 1 });
  });

  it("orders 8 coasters in at most 24 duels, never asks a pair twice, and stores the order the answers imply", async () => {
    const user = await member();
    const ratedRides = await ratedCoasters(user, 8);
    const first = await loadDuelScreen(database.db, user.id, "roller_coaster");
    expect(first.state).toBe("pair");
    const { screen, duels } = await playToTheEnd(user, first);
    expect(duels).toBeLessThanOrEqual(24);
    expect(await duelCount(user.id)).toBe(duels);
    expect(screen.state).toBe("complete");
    const names = ratedRides.map((ride) => ride.name);
    expect(screen.state === "complete" && screen.ranking.map((row) => row.name)).toEqual(names);
    const [profile] = await readPersonalRankings(database.db, user.id);
    expect(profile!.type).toBe("roller_coaster");
    expect(profile!.rows.map((row) => [row.rank, row.name])).toEqual(names.map((name, index) => [index + 1, name]));
    // V and D are the member's own duels of each ride.
    const totals = profile!.rows.reduce((sum, row) => sum + row.wins + row.losses, 0);
    expect(totals).toBe(2 * duels);
    await expectDuelCountsTrue();
  });

  it("runs one transaction of a handful of statements per duel, the next pair included", async () => {
    const user = await member();
    await ratedCoasters(user, 6);
    const screen = await loadDuelScreen(database.db, user.id, "roller_coaster");
    if (screen.state !== "pair") throw new Error("no pair");
    const counter = { count: 0 };
    const answer = await countQueriesOf(counter, () => recordDuel(database.db, user, "roller_coaster", screen.pair[0].id, screen.pair[1].id));
    expect(answer.ok && answer.screen.state).toBe("pair");
    // suspension, allowance, rides, order, duels, insert, lock + delete + insert of the order.
    expect(counter.count).toBeLessThanOrEqual(9);
  });

  it("ignores a duel answered twice (two tabs) and gives the next pair", async () => {
    const user = await member();
    await ratedCoasters(user, 4);
    const screen = await loadDuelScreen(database.db, user.id, "roller_coaster");
    if (screen.state !== "pair") throw new Error("no pair");
    const [a, b] = screen.pair;
    const once = await recordDuel(database.db, user, "roller_coaster", a.id, b.id);
    expect(once.ok && once.result).toEqual({ winnerId: a.id, loserId: b.id });
    const again = await recordDuel(database.db, user, "roller_coaster", b.id, a.id);
    expect(again.ok).toBe(true);
    expect(again.ok && again.result).toBeUndefined();
    expect(again.ok && again.screen).toEqual(once.ok && once.screen);
    expect(await duelCount(user.id)).toBe(1);
  });

  it("lets two tabs draw the screen and answer at the same time without an error", async () => {
    const user = await member();
    await ratedCoasters(user, 6);
    const screen = await loadDuelScreen(database.db, user.id, "roller_coaster");
    if (screen.state !== "pair") throw new Error("no pair");
    await database.db.delete(rideRankings).where(eq(rideRankings.userId, user.id));
    const [a, b, answer] = await Promise.all([
      loadDuelScreen(database.db, user.id, "roller_coaster"),
      loadDuelScreen(database.db, user.id, "roller_coaster"),
      recordDuel(database.db, user, "roller_coaster", screen.pair[0].id, screen.pair[1].id),
    ]);
    expect([a.state, b.state, answer.ok]).toEqual(["pair", "pair", true]);
    const after = await loadDuelScreen(database.db, user.id, "roller_coaster");
    expect(after.state === "pair" && after.placed).toBe(2);
  });

  it("refuses a forged pair and malformed ids, writing nothing", async () => {
    const user = await member();
    const [mine, other] = await ratedCoasters(user, 2);
    const park = await createPark(database.db);
    const lowRated = await createRide(database.db, park.id, { typeId: 1 });
    await rate(user, lowRated.id, 3);
    const notRated = await createRide(database.db, park.id, { typeId: 1 });
    const darkRide = await createRide(database.db, park.id, { typeId: 2 });
    await rate(user, darkRide.id, 5);
    const stranger = await member();

    for (const [winner, loser] of [
      [mine!.id, lowRated.id],
      [notRated.id, mine!.id],
      [mine!.id, darkRide.id],
    ]) {
      expect(await recordDuel(database.db, user, "roller_coaster", winner!, loser!)).toEqual({ ok: false, error: "duels.errors.notEligible" });
    }
    // Someone else's rides are not theirs to duel.
    expect(await recordDuel(database.db, stranger, "roller_coaster", mine!.id, other!.id)).toEqual({ ok: false, error: "duels.errors.notEligible" });
    expect(await recordDuel(database.db, user, "roller_coaster", "nope", mine!.id)).toEqual({ ok: false, error: "duels.errors.badRequest" });
    expect(await recordDuel(database.db, user, "roller_coaster", mine!.id, mine!.id)).toEqual({ ok: false, error: "duels.errors.badRequest" });
    expect(await duelCount(user.id)).toBe(0);
    expect(await duelCount(stranger.id)).toBe(0);
  });

  it("refuses suspended members and members over the duel limit, writing nothing", async () => {
    const user = await member();
    const [a, b] = await ratedCoasters(user, 3);
    await suspendMember(database.db, user.id, "Spam");
    expect(await recordDuel(database.db, user, "roller_coaster", a!.id, b!.id)).toEqual({ ok: false, error: "duels.errors.suspended" });
    expect(await resetDuels(database.db, user, "roller_coaster")).toEqual({ ok: false, error: "duels.errors.suspended" });
    expect(await duelCount(user.id)).toBe(0);

    const eager = await member();
    const [d, e, f] = await ratedCoasters(eager, 3);
    const oneDuel = { ...WRITE_LIMITS, duel: [{ max: 1, seconds: 60 }] };
    expect((await recordDuel(database.db, eager, "roller_coaster", d!.id, e!.id, oneDuel)).ok).toBe(true);
    expect(await recordDuel(database.db, eager, "roller_coaster", d!.id, f!.id, oneDuel)).toEqual({ ok: false, error: "duels.errors.tooMany" });
    expect(await duelCount(eager.id)).toBe(1);
  });

  it("gives resets their own allowance (10 an hour): the 11th is refused with the translated message and deletes nothing", async () => {
    const user = await member();
    const [a, b] = await ratedCoasters(user, 3);
    for (let index = 0; index < 10; index += 1) expect((await resetDuels(database.db, user, "roller_coaster")).ok).toBe(true);
    expect((await recordDuel(database.db, user, "roller_coaster", a!.id, b!.id)).ok).toBe(true);
    expect(await resetDuels(database.db, user, "roller_coaster")).toEqual({ ok: false, error: "duels.errors.tooManyResets" });
    expect(await duelCount(user.id)).toBe(1);
  });

  it("resets one type: the member's duels and ranking of it go, the rides' public counts follow, other types stay", async () => {
    const user = await member();
    await ratedCoasters(user, 5);
    const park = await createPark(database.db);
    const darkRides = [await createRide(database.db, park.id, { typeId: 2 }), await createRide(database.db, park.id, { typeId: 2 })];
    for (const ride of darkRides) await rate(user, ride.id, 4);
    await playToTheEnd(user, await loadDuelScreen(database.db, user.id, "roller_coaster"));
    expect(ok(await recordDuel(database.db, user, "dark_ride", darkRides[0]!.id, darkRides[1]!.id)).state).toBe("complete");

    const answer = await resetDuels(database.db, user, "roller_coaster");
    expect(ok(answer).state).toBe("pair");
    const left = await database.db.select().from(rideDuels).where(eq(rideDuels.userId, user.id));
    expect(left.map((duel) => duel.typeId)).toEqual([2]);
    const ranked = await database.db
      .select()
      .from(rideRankings)
      .where(and(eq(rideRankings.userId, user.id), eq(rideRankings.typeId, 1)));
    // The first ride is placed without a duel when the screen is drawn again; the profile waits for a duel.
    expect(ranked).toHaveLength(1);
    expect((await readPersonalRankings(database.db, user.id)).map((ranking) => [ranking.type, ranking.rows.length])).toEqual([
      ["dark_ride", 2],
    ]);
    await expectDuelCountsTrue();
  });

  it("follows the member's eligible set: a ride re-rated below 4 or removed leaves the order, a new one is placed with a few duels", async () => {
    const user = await member();
    const ratedRides = await ratedCoasters(user, 8);
    await playToTheEnd(user, await loadDuelScreen(database.db, user.id, "roller_coaster"));
    await rate(user, ratedRides[2]!.id, 3);
    await database.db.update(rides).set({ status: "removed" }).where(eq(rides.id, ratedRides[5]!.id));
    const after = await loadDuelScreen(database.db, user.id, "roller_coaster");
    const kept = ratedRides.filter((_, index) => index !== 2 && index !== 5).map((ride) => ride.name);
    expect(after.state === "complete" && after.ranking.map((row) => row.name)).toEqual(kept);
    expect((await readPersonalRankings(database.db, user.id))[0]!.rows.map((row) => row.name)).toEqual(kept);

    // Rated 5 again: its earlier duels place it back without asking anything.
    await rate(user, ratedRides[2]!.id, 5);
    const back = await loadDuelScreen(database.db, user.id, "roller_coaster");
    expect(back.state === "complete" && back.ranking.map((row) => row.name)).toEqual(
      ratedRides.filter((_, index) => index !== 5).map((ride) => ride.name),
    );

    // A new ride: about log2(8) duels.
    const park = await createPark(database.db);
    const newcomer = await createRide(database.db, park.id, { name: "C03b", typeId: 1 });
    await rate(user, newcomer.id, 4);
    const before = await duelCount(user.id);
    const { screen } = await playToTheEnd(user, await loadDuelScreen(database.db, user.id, "roller_coaster"));
    expect((await duelCount(user.id)) - before).toBeLessThanOrEqual(3);
    expect(screen.state === "complete" && screen.ranking.map((row) => row.name).indexOf("C03b")).toBe(4);
  });

  it("lets a reset run while other members duel the same rides: no deadlock, counts true", async () => {
    const players = [await member(), await member(), await member(), await member()];
    const ratedRides = await ratedCoasters(players[0]!, 8);
    for (const player of players.slice(1)) for (const ride of ratedRides) await rate(player, ride.id, 5);
    const [resetter, ...others] = players;
    await playToTheEnd(resetter!, await loadDuelScreen(database.db, resetter!.id, "roller_coaster"));
    for (let round = 0; round < 2; round++) {
      const outcomes = await Promise.all([
        resetDuels(database.db, resetter!, "roller_coaster").then(async (answer) => {
          await playToTheEnd(resetter!, ok(answer));
          return resetDuels(database.db, resetter!, "roller_coaster");
        }),
        ...others.map(async (player) => {
          const { screen } = await playToTheEnd(player, await loadDuelScreen(database.db, player.id, "roller_coaster"));
          return resetDuels(database.db, player, "roller_coaster").then((answer) => (screen.state === "complete" ? answer : null));
        }),
      ]);
      expect(outcomes.every((answer) => answer?.ok)).toBe(true);
    }
    await expectDuelCountsTrue();
  });

  it("keeps the public duel counts true when a ride or a member is deleted", async () => {
    const user = await member();
    const ratedRides = await ratedCoasters(user, 4);
    const rival = await member();
    for (const ride of ratedRides) await rate(rival, ride.id, 5);
    await playToTheEnd(user, await loadDuelScreen(database.db, user.id, "roller_coaster"));
    await playToTheEnd(rival, await loadDuelScreen(database.db, rival.id, "roller_coaster"));
    await database.db.delete(rides).where(eq(rides.id, ratedRides[1]!.id));
    await expectDuelCountsTrue();
    await database.db.execute(sql`DELETE FROM "user" WHERE id = ${rival.id}`);
    await expectDuelCountsTrue();
    const [survivor] = await database.db.select().from(rides).where(eq(rides.id, ratedRides[0]!.id));
    // Only the member's own duels are left to count.
    const own = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM attraction_duels WHERE ${ratedRides[0]!.id} IN (winner_id, loser_id)`,
    );
    expect(survivor!.duelWins + survivor!.duelLosses).toBe(Number(own[0]!.n));
    expect(Number(own[0]!.n)).toBeGreaterThan(0);
  });
});
