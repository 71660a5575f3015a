import type { RideTypeName } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import type { DuelAnswer } from "~/domain/duels";
import { isUuid } from "~/domain/ids";
import type { Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rideDuels } from "../db/schema";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { planOf, screenOf, storeOrder } from "./duel-screen";
import { readDuelState } from "./duel-rides";

type Refused = Extract<DuelAnswer, { ok: false }>;

/**
 * A member's answer to a duel (docs/rules/duels-and-rankings.md#duel-flow), in one
 * transaction: the write allowance (whose row lock also puts one member's
 * duels in order, from any tab or process), the member's rides of the type,
 * the duel, and the stored order with its V and D; the answer carries the
 * next screen, so the page needs no other request. Only rides the member may
 * duel are accepted (a forged pair writes nothing); a pair already played —
 * two tabs answering the same duel — is ignored and the next pair returned.
 */
export async function recordDuel(
  db: Database,
  user: CurrentUser,
  type: RideTypeName,
  winnerId: string,
  loserId: string,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<DuelAnswer> {
  if (!isUuid(winnerId) || !isUuid(loserId) || winnerId === loserId) return { ok: false, error: "duels.errors.badRequest" };
  if (await writeBarredMessage(db, user.id)) return { ok: false, error: "duels.errors.suspended" };
  return transactionOrRefusal<DuelAnswer, Refused>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "duel", limits))) refuse({ ok: false, error: "duels.errors.tooMany" });
    const state = await readDuelState(tx, user.id, type);
    const eligible = new Set(state.rides.map((ride) => ride.id));
    if (!eligible.has(winnerId) || !eligible.has(loserId)) refuse({ ok: false, error: "duels.errors.notEligible" });
    const inserted = await tx
      .insert(rideDuels)
      .values({ userId: user.id, typeId: state.typeId, winnerId, loserId })
      .onConflictDoNothing()
      .returning({ id: rideDuels.id });
    const recorded = inserted.length > 0;
    if (recorded) state.duels.push({ winnerId, loserId });
    const plan = planOf(state);
    await storeOrder(tx, user.id, state, plan);
    const screen = screenOf(type, state, plan);
    return recorded ? { ok: true, screen, result: { winnerId, loserId } } : { ok: true, screen };
  });
}
