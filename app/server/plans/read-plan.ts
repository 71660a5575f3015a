import { and, asc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/domain/ids";
import type { PlanEntryView, VisitPlanView } from "~/domain/visit-plan";
import type { Executor } from "../db/database";
import { rides, parks, visitPlanRides, visitPlans } from "../db/schema";
import { publicPark } from "../catalog/visibility";

/** A ride of the plan that no longer counts: closed ('Disparue'), or no longer published. */
const rideRemoved = sql<boolean>`(${rides.status} = 'removed' OR ${rides.moderationStatus} <> 'approved')`;

/** What a plan entry shows of its ride, besides its id and name: read the same way by readPlan and savePlan. */
export const PLAN_RIDE_COLUMNS = {
  slug: rides.slug,
  durationSeconds: rides.duration,
  minHeightAlone: rides.minHeightAlone,
  minHeightForbidden: rides.minHeightForbidden,
  removed: rideRemoved,
};

/**
 * The member's plan of a published park, in one statement: the park, the
 * member's plan and its rides in position order (one row per ride, or one
 * row with nulls when the plan is empty or not stored). Null when the park
 * is unknown or not published (not found); an empty unsaved plan when the member
 * has none yet. The member comes from the session: whoever asks gets their
 * own plan, never someone else's.
 */
export async function readPlan(db: Executor, userId: string, parkId: string): Promise<VisitPlanView | null> {
  if (!isUuid(parkId)) return null;
  const rows = await db
    .select({
      version: visitPlans.version,
      name: visitPlans.name,
      rideId: visitPlanRides.rideId,
      isPriority: visitPlanRides.isPriority,
      completed: visitPlanRides.completed,
      rideName: rides.name,
      ...PLAN_RIDE_COLUMNS,
    })
    .from(parks)
    .leftJoin(visitPlans, and(eq(visitPlans.parkId, parks.id), eq(visitPlans.userId, userId)))
    .leftJoin(visitPlanRides, eq(visitPlanRides.planId, visitPlans.id))
    .leftJoin(rides, eq(rides.id, visitPlanRides.rideId))
    .where(and(eq(parks.id, parkId), publicPark()))
    .orderBy(asc(visitPlanRides.position));
  const [first] = rows;
  if (!first) return null;
  if (first.version === null || first.name === null) return { parkId, name: "", version: 0, saved: false, entries: [] };
  const entries: PlanEntryView[] = [];
  for (const row of rows) {
    if (row.rideId === null || row.rideName === null || row.slug === null) continue;
    entries.push({
      rideId: row.rideId,
      name: row.rideName,
      slug: row.slug,
      durationSeconds: row.durationSeconds,
      minHeightAlone: row.minHeightAlone,
      minHeightForbidden: row.minHeightForbidden,
      removed: Boolean(row.removed),
      isPriority: Boolean(row.isPriority),
      completed: Boolean(row.completed),
    });
  }
  return { parkId, name: first.name, version: first.version, saved: true, entries };
}
