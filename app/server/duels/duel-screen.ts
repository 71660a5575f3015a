import { and, eq, sql } from "drizzle-orm";
import type { RideTypeName } from "~/domain/ride-types";
import { planDuels, type DuelPlan } from "~/domain/duel-order";
import { DUEL_MIN_RIDES, type DuelRide, type DuelScreen, type PersonalRankingRow } from "~/domain/duels";
import type { Executor, Transaction } from "../db/database";
import { rideRankings } from "../db/schema";
import { readDuelState, type DuelState } from "./duel-rides";

/**
 * The duel screen of a type: the next pair or the end, with the member's
 * personal ranking. Placing rides needs no write of its own (the first ride,
 * or a ride whose earlier duels already decide its place): when the order
 * computed differs from the stored one, it is stored, so that the profile
 * shows what the screen shows.
 */
export async function loadDuelScreen(db: Executor, userId: string, type: RideTypeName): Promise<DuelScreen> {
  const state = await readDuelState(db, userId, type);
  const plan = planOf(state);
  if (!sameOrder(plan.order, state.storedOrder)) await db.transaction((tx) => storeOrder(tx, userId, state, plan));
  return screenOf(type, state, plan);
}

export function planOf(state: DuelState): DuelPlan {
  return planDuels({ order: state.storedOrder, eligible: state.rides.map((ride) => ride.id), duels: state.duels });
}

/** The member's personal ranking rows of the plan's order: V and D count every duel of the ride they answered. */
function rankingOf(state: DuelState, plan: DuelPlan): PersonalRankingRow[] {
  const rides = new Map(state.rides.map((ride) => [ride.id, ride]));
  const wins = new Map<string, number>();
  const losses = new Map<string, number>();
  for (const duel of state.duels) {
    wins.set(duel.winnerId, (wins.get(duel.winnerId) ?? 0) + 1);
    losses.set(duel.loserId, (losses.get(duel.loserId) ?? 0) + 1);
  }
  return plan.order.map((id, index) => {
    const ride = rides.get(id)!;
    return {
      rideId: id,
      name: ride.name,
      parkName: ride.parkName,
      parkSlug: ride.parkSlug,
      slug: ride.slug,
      rank: index + 1,
      wins: wins.get(id) ?? 0,
      losses: losses.get(id) ?? 0,
    };
  });
}

export function screenOf(type: RideTypeName, state: DuelState, plan: DuelPlan): DuelScreen {
  const eligible = state.rides.length;
  if (eligible < DUEL_MIN_RIDES) return { state: "too-few", type, eligible };
  const ranking = rankingOf(state, plan);
  if (!plan.next) return { state: "complete", type, eligible, ranking };
  const ride = (id: string): DuelRide => state.rides.find((candidate) => candidate.id === id)!;
  // The ride being placed and its opponent, in a stable left/right order.
  const pair = [ride(plan.next.challengerId), ride(plan.next.opponentId)].sort((a, b) => (a.id < b.id ? -1 : 1)) as [DuelRide, DuelRide];
  return { state: "pair", type, eligible, placed: plan.order.length, pair, ranking };
}

/**
 * Rewrites the member's stored ranking of the type (attraction_rankings): one
 * delete and one insert, whatever the number of rides, inside the caller's
 * transaction. The lock on (member, type) makes two rewrites — a duel and a
 * screen read in another tab — take turns: the second's delete then sees the
 * first's rows instead of colliding with them.
 */
export async function storeOrder(tx: Transaction, userId: string, state: DuelState, plan: DuelPlan): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`duels:${userId}:${state.typeId}`}, 0))`);
  await tx.delete(rideRankings).where(and(eq(rideRankings.userId, userId), eq(rideRankings.typeId, state.typeId)));
  const rows = rankingOf(state, plan);
  if (rows.length === 0) return;
  await tx.insert(rideRankings).values(
    rows.map((row) => ({ userId, typeId: state.typeId, rideId: row.rideId, rank: row.rank, wins: row.wins, losses: row.losses })),
  );
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
