import { and, eq, sql } from "drizzle-orm";
import { rideTypeId, type RideTypeName } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import type { DuelAnswer, DuelScreen } from "~/domain/duels";
import type { Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rideDuels, rideRankings } from "../db/schema";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { loadDuelScreen } from "./duel-screen";
import { lockDuelledRides } from "./lock-duelled-rides";

type Refused = Extract<DuelAnswer, { ok: false }>;

/**
 * 'Réinitialiser le classement' (docs/rules/duels-and-rankings.md#reset): deletes the member's duels
 * and ranking of the type in one transaction — the rides' public duel counts
 * follow by trigger — and answers with the type's fresh screen. Each reset
 * locks every ride the member duelled and moves their counts, so it has its
 * own allowance ("duelReset", write-limits.ts).
 */
export async function resetDuels(
  db: Database,
  user: CurrentUser,
  type: RideTypeName,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<DuelAnswer> {
  if (await writeBarredMessage(db, user.id)) return { ok: false, error: "duels.errors.suspended" };
  const typeId = rideTypeId(type);
  const screen = await transactionOrRefusal<DuelScreen, Refused>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "duelReset", limits))) refuse({ ok: false, error: "duels.errors.tooManyResets" });
    await lockDuelledRides(tx, sql`user_id = ${user.id} AND type_id = ${typeId}`);
    await tx.delete(rideDuels).where(and(eq(rideDuels.userId, user.id), eq(rideDuels.typeId, typeId)));
    await tx.delete(rideRankings).where(and(eq(rideRankings.userId, user.id), eq(rideRankings.typeId, typeId)));
    return loadDuelScreen(tx, user.id, type);
  });
  return "ok" in screen ? screen : { ok: true, screen };
}
