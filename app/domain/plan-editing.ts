import { formatDuration, formatHoursMinutes } from "./format";
import type { PlanAnswer, PlanEntryView, PlanSaveInput, VisitPlanView } from "./visit-plan";

/**
 * What the plan editor does to the member's plan before it is saved
 * (docs/rules/plans.md#plan-contents): pure, so the browser and the unit tests share it.
 */

/** The body of a save: the order is the array's, `completed` is the server's own. */
export function planSaveInput(plan: VisitPlanView): PlanSaveInput {
  return {
    version: plan.version,
    name: plan.name,
    entries: plan.entries.map(({ rideId, isPriority }) => ({ rideId, isPriority })),
  };
}

/**
 * Whether two plans hold the same name, rides, order and priorities. A save
 * refused as stale whose content the stored plan already has is not a
 * conflict: an earlier send of the same changes landed (the page was left or
 * reloaded before its answer came).
 */
export function samePlanContent(a: VisitPlanView, b: VisitPlanView): boolean {
  return JSON.stringify(planSaveInput({ ...a, version: 0 })) === JSON.stringify(planSaveInput({ ...b, version: 0 }));
}

/** The plan as stored once `sent` was saved: the answer's when it saved it, or when a stale refusal shows it already holds the same content. */
export function storedAfterSave(answer: PlanAnswer | null, sent: VisitPlanView): VisitPlanView | undefined {
  if (!answer) return undefined;
  if (answer.ok) return answer.plan;
  return answer.error === "plans.errors.stale" && answer.plan && samePlanContent(answer.plan, sent) ? answer.plan : undefined;
}

/** A ride appended at the end; its figures come with the server's answer to the save. */
export function addPlanEntry(entries: PlanEntryView[], ride: { id: string; name: string; slug: string }): PlanEntryView[] {
  if (entries.some((entry) => entry.rideId === ride.id)) return entries;
  return [
    ...entries,
    {
      rideId: ride.id,
      name: ride.name,
      slug: ride.slug,
      durationSeconds: null,
      minHeightAlone: null,
      minHeightForbidden: null,
      removed: false,
      isPriority: false,
      completed: false,
    },
  ];
}

/**
 * The plan shown once a save is answered: the member's own order, priorities
 * and name (they may have changed it while the save was on its way), each
 * ride's figures and completion from the server.
 */
export function mergeSavedPlan(local: VisitPlanView, saved: VisitPlanView): VisitPlanView {
  const fromServer = new Map(saved.entries.map((entry) => [entry.rideId, entry]));
  return {
    ...saved,
    name: local.name,
    entries: local.entries.map((entry) => {
      const known = fromServer.get(entry.rideId);
      return known ? { ...known, isPriority: entry.isPriority } : entry;
    }),
  };
}

export type ChildAccess = "allowed" | "accompanied" | "forbidden";

/**
 * Whether a child of `height` cm may ride: below min_height_forbidden not at
 * all, below min_height_alone only accompanied. min_height_forbidden above the
 * height to ride alone is a maximum (decision in app/domain/ride-facts.ts),
 * which says nothing about a child: it is left out here.
 */
export function childAccess(entry: Pick<PlanEntryView, "minHeightAlone" | "minHeightForbidden">, height: number): ChildAccess {
  const { minHeightAlone: alone, minHeightForbidden: forbidden } = entry;
  const forbiddenIsMinimum = forbidden !== null && (alone === null || forbidden <= alone);
  if (forbiddenIsMinimum && height < forbidden) return "forbidden";
  if (alone !== null && height < alone) return "accompanied";
  return "allowed";
}

/** A total of the plan: seconds under an hour as the ride pages show them, longer ones in hours and minutes. */
export function formatPlanTime(seconds: number): string {
  return seconds < 3600 ? formatDuration(seconds) : formatHoursMinutes(seconds);
}
