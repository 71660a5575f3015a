import { and, eq, inArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { checkPlanSave, planTotals, type PlanAnswer, type PlanEntryView, type PlanSaveInput } from "~/domain/visit-plan";
import type { Database, Transaction } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rides, parks, visitPlanRides, visitPlans } from "../db/schema";
import { publicPark } from "../catalog/visibility";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { PLAN_RIDE_COLUMNS, readPlan } from "./read-plan";

type Refused = Extract<PlanAnswer, { ok: false }>;
type Ride = Omit<PlanEntryView, "isPriority" | "completed">;

/**
 * Saves the member's whole plan of a park (docs/rules/plans.md#saving: update
 * or create the plan, then replace its entries), in one transaction of a few
 * statements: the write allowance, the park and the sent rides, the plan
 * (its version checked and bumped in the same statement), its old entries
 * deleted and the new ones inserted at positions 1..n in the order sent.
 *
 * - Every ride must be a published, operating ride of this park; one that
 *   was already in the plan and has since closed or been unpublished may
 *   stay (shown as removed). Anything else refuses the whole save.
 * - `input.version` must be the stored version (0 while none is stored): a
 *   save from a tab that read an older plan is refused with the plan as it
 *   now is, nothing written. Two first saves racing on the unique
 *   (user, park) index end the same way: one creates, the other is stale.
 * - `completed` is kept from the stored entries: only completePlanEntry
 *   sets it, a save can neither set nor clear it for a ride that stays.
 */
export async function savePlan(
  db: Database,
  user: CurrentUser,
  parkId: string,
  sent: PlanSaveInput,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<PlanAnswer> {
  if (!isUuid(parkId)) return { ok: false, error: "plans.errors.notFound" };
  // The route checked the body already; checked again here (pure, no query) so that no caller can
  // store a duplicate ride or an over-long plan.
  const checked = checkPlanSave(sent);
  if (!checked.ok) return checked;
  const input = checked.value;
  if (await writeBarredMessage(db, user.id)) return { ok: false, error: "plans.errors.suspended" };
  return transactionOrRefusal<PlanAnswer, Refused>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "plan", limits))) return refuse({ ok: false, error: "plans.errors.tooMany" });
    const sentRides = await parkRides(tx, parkId, input.entries.map((entry) => entry.rideId));
    if (!sentRides) return refuse({ ok: false, error: "plans.errors.notFound" });
    if (input.entries.some((entry) => !sentRides.has(entry.rideId))) return refuse({ ok: false, error: "plans.errors.foreignRide" });

    const kept = input.entries.map((entry) => ({ ...sentRides.get(entry.rideId)!, isPriority: entry.isPriority }));
    const totalDuration = planTotals(kept).rideSeconds;
    const stored = await storePlan(tx, user.id, parkId, input, totalDuration);
    if (!stored) return refuse({ ok: false, error: "plans.errors.stale", plan: (await readPlan(tx, user.id, parkId)) ?? undefined });

    const previous = await tx
      .delete(visitPlanRides)
      .where(eq(visitPlanRides.planId, stored.id))
      .returning({ rideId: visitPlanRides.rideId, completed: visitPlanRides.completed });
    const completed = new Map(previous.map((entry) => [entry.rideId, entry.completed]));
    // A closed or unpublished ride may stay where it was, not be added.
    if (kept.some((ride) => ride.removed && !completed.has(ride.rideId))) return refuse({ ok: false, error: "plans.errors.foreignRide" });

    const entries = kept.map((ride) => ({ ...ride, completed: completed.get(ride.rideId) ?? false }));
    if (entries.length > 0) {
      await tx.insert(visitPlanRides).values(
        entries.map((entry, index) => ({
          planId: stored.id,
          rideId: entry.rideId,
          position: index + 1,
          isPriority: entry.isPriority,
          completed: entry.completed,
        })),
      );
    }
    return { ok: true, plan: { parkId, name: input.name, version: stored.version, saved: true, entries } };
  });
}

/**
 * The sent rides that belong to this park, by id, with what the plan shows
 * of them; null when the park is unknown or not published. One statement:
 * the park, joined to those of its rides whose id was sent.
 */
async function parkRides(tx: Transaction, parkId: string, ids: string[]): Promise<Map<string, Ride> | null> {
  const rows = await tx
    .select({
      rideId: rides.id,
      name: rides.name,
      ...PLAN_RIDE_COLUMNS,
    })
    .from(parks)
    .leftJoin(rides, and(eq(rides.parkId, parks.id), ids.length > 0 ? inArray(rides.id, ids) : sql`false`))
    .where(and(eq(parks.id, parkId), publicPark()));
  if (rows.length === 0) return null;
  const sentRides = new Map<string, Ride>();
  for (const row of rows) {
    if (row.rideId === null || row.name === null || row.slug === null) continue;
    sentRides.set(row.rideId, { ...row, rideId: row.rideId, name: row.name, slug: row.slug, removed: Boolean(row.removed) });
  }
  return sentRides;
}

/**
 * Writes the plan's row if the member's version is the stored one, in one
 * statement (the version compared and bumped where the row is locked, so two
 * writers never both pass); null when it is not.
 */
async function storePlan(tx: Transaction, userId: string, parkId: string, input: PlanSaveInput, totalDuration: number) {
  const version = sql.raw(`"visit_plans"."version"`);
  const changes = { name: input.name, totalDuration, version: sql`${version} + 1`, updatedAt: sql`now()` };
  const returned = { id: visitPlans.id, version: visitPlans.version };
  const [row] =
    input.version === 0
      ? await tx
          .insert(visitPlans)
          .values({ userId, parkId, name: input.name, totalDuration, version: 1 })
          // A plan stored meanwhile (another tab's first save) is at version 1 or more: not overwritten.
          .onConflictDoUpdate({ target: [visitPlans.userId, visitPlans.parkId], set: changes, setWhere: sql`${version} = 0` })
          .returning(returned)
      : await tx
          .update(visitPlans)
          .set(changes)
          .where(and(eq(visitPlans.userId, userId), eq(visitPlans.parkId, parkId), eq(visitPlans.version, input.version)))
          .returning(returned);
  return row ?? null;
}
