import { sql } from "drizzle-orm";
import { BRADLEY_TERRY_PRIOR_SD, fitBradleyTerry } from "~/domain/bradley-terry";
import type { DuelOutcome } from "~/domain/duel-order";
import { queryRows, type Executor } from "../db/database";
import { idArray, numberArray } from "../db/id-array";

/** A ride's fitted strength, as written: rounded, so that a refit of unchanged duels rewrites nothing. */
export type FittedStrength = { rideId: string; strength: number; sd: number };

/** Four decimals: far finer than any order or percentage shown, coarse enough that float noise changes nothing. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every ride's Bradley–Terry strength in its type (decision 0077), fitted from every member's duels: one read of
 * attraction_duels, then one fit per type, the event loop served between types.
 */
export async function fitDuelStrengths(db: Executor): Promise<FittedStrength[]> {
  const duels = await queryRows<{ typeId: number; winnerId: string; loserId: string }>(
    db,
    sql`SELECT type_id AS "typeId", winner_id AS "winnerId", loser_id AS "loserId" FROM attraction_duels`,
  );
  const types = new Map<number, DuelOutcome[]>();
  for (const { typeId, winnerId, loserId } of duels) {
    const type = Number(typeId);
    const ofType = types.get(type);
    if (ofType) ofType.push({ winnerId, loserId });
    else types.set(type, [{ winnerId, loserId }]);
  }
  const strengths: FittedStrength[] = [];
  for (const typeDuels of types.values()) {
    await nextTurn();
    for (const [rideId, { strength, sd }] of fitBradleyTerry(typeDuels).rides) {
      strengths.push({ rideId, strength: round(strength), sd: round(sd) });
    }
  }
  return strengths;
}

const WRITE_CHUNK = 5_000;

/**
 * Writes the fitted strengths where they differ from the kept ones (the duels' one-step moves since the last fit, a
 * type's drift), and puts back the prior for a ride left without duels. Returns how many rides changed.
 */
export async function writeDuelStrengths(tx: Executor, strengths: readonly FittedStrength[]): Promise<number> {
  let changed = 0;
  for (let start = 0; start < strengths.length; start += WRITE_CHUNK) {
    const chunk = strengths.slice(start, start + WRITE_CHUNK);
    const written = await queryRows<{ one: number }>(
      tx,
      sql`UPDATE attractions a SET duel_strength = fitted.strength, duel_strength_sd = fitted.sd
        FROM unnest(${idArray(chunk.map((row) => row.rideId))}::uuid[], ${numberArray(chunk.map((row) => row.strength))}::float8[],
          ${numberArray(chunk.map((row) => row.sd))}::float8[]) AS fitted(id, strength, sd)
        WHERE a.id = fitted.id AND (a.duel_strength, a.duel_strength_sd) IS DISTINCT FROM (fitted.strength, fitted.sd)
        RETURNING 1 AS one`,
    );
    changed += written.length;
  }
  const reset = await queryRows<{ one: number }>(
    tx,
    sql`UPDATE attractions SET duel_strength = 0, duel_strength_sd = ${BRADLEY_TERRY_PRIOR_SD}
      WHERE duel_wins + duel_losses = 0 AND (duel_strength <> 0 OR duel_strength_sd <> ${BRADLEY_TERRY_PRIOR_SD})
      RETURNING 1 AS one`,
  );
  return changed + reset.length;
}
