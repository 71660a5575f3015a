import { and, eq, exists, sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import type { PlanAnswer } from "~/domain/visit-plan";
import type { Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rideRatings, parks, visitPlanRides, visitPlans } from "../db/schema";
import { publicPark } from "../catalog/visibility";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { logCompletedPlanRide } from "../ride-log/ride-log-writes";
import { readPlan } from "./read-plan";

type Refused = Extract<PlanAnswer, { ok: false }>;

/**
 * Marks a ride of the member's plan completed (docs/rules/plans.md#completing-a-ride: only if not yet
 * completed, once the member has rated it — the page saves the rating first).
 * One transaction under the same rules as a save: the write allowance, the
 * version the member read (bumped here, so another tab's older save is
 * refused rather than undoing nothing it knew of), a published park. The
 * plan is looked up by the signed-in member: a ride of someone else's plan is
 * simply not in theirs.
 */
export async function completePlanEntry(
  db: Database,
  user: CurrentUser,
  parkId: string,
  rideId: string,
  version: number,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<PlanAnswer> {
  if (!isUuid(parkId)) return { ok: false, error: "plans.errors.notFound" };
  if (!isUuid(rideId)) return { ok: false, error: "plans.errors.notInPlan" };
  if (await writeBarredMessage(db, user.id)) return { ok: false, error: "plans.errors.suspended" };
  return transactionOrRefusal<PlanAnswer, Refused>(db, async (tx, refuse) => {
    if (!(await consumeWriteAllowance(tx, user.id, "plan", limits))) return refuse({ ok: false, error: "plans.errors.tooMany" });
    const [bumped] = await tx
      .update(visitPlans)
      .set({ version: sql`${sql.raw(`"visit_plans"."version"`)} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(visitPlans.userId, user.id),
          eq(visitPlans.parkId, parkId),
          eq(visitPlans.version, version),
          exists(tx.select({ one: sql`1` }).from(parks).where(and(eq(parks.id, visitPlans.parkId), publicPark()))),
        ),
      )
      .returning({ id: visitPlans.id });
    if (!bumped) {
      // Nothing written: say why, from the plan as it is.
      const plan = await readPlan(tx, user.id, parkId);
      if (!plan) return refuse({ ok: false, error: "plans.errors.notFound" });
      if (!plan.entries.some((entry) => entry.rideId === rideId)) return refuse({ ok: false, error: "plans.errors.notInPlan" });
      return refuse({ ok: false, error: "plans.errors.stale", plan });
    }
    const [entry] = await tx
      .select({
        completed: visitPlanRides.completed,
        rated: sql<boolean>`exists (select 1 from ${rideRatings} where ${rideRatings.userId} = ${user.id} and ${rideRatings.rideId} = ${rideId})`,
      })
      .from(visitPlanRides)
      .where(and(eq(visitPlanRides.planId, bumped.id), eq(visitPlanRides.rideId, rideId)));
    if (!entry) return refuse({ ok: false, error: "plans.errors.notInPlan" });
    if (entry.completed) return refuse({ ok: false, error: "plans.errors.alreadyCompleted" });
    if (!entry.rated) return refuse({ ok: false, error: "plans.errors.notRated" });
    await tx
      .update(visitPlanRides)
      .set({ completed: true })
      .where(and(eq(visitPlanRides.planId, bumped.id), eq(visitPlanRides.rideId, rideId)));
    // A ride done is a ride ridden: it goes into the member's log, dated today (docs/rules/plans.md#completing-a-ride).
    await logCompletedPlanRide(tx, user.id, rideId);
    return { ok: true, plan: (await readPlan(tx, user.id, parkId))! };
  });
}
