import { addPlanEntry, planSaveInput } from "~/domain/plan-editing";
import type { PlanErrorKey } from "~/domain/visit-plan";
import { planRequest } from "./plan-request";

export type AddToPlanOutcome = "added" | "already" | PlanErrorKey;

/**
 * The ride page's 'Ajouter au plan' (docs/rules/plans.md#plan-contents): reads the member's plan of
 * the ride's park and saves it with the ride at the end, with the version just
 * read (a 409 means another tab saved in between: the member tries again).
 */
export async function addRideToPlan(parkId: string, ride: { id: string; name: string; slug: string }): Promise<AddToPlanOutcome> {
  const read = await planRequest(parkId);
  if (!read) return "plans.errors.load";
  if (!read.ok) return read.error;
  const entries = addPlanEntry(read.plan.entries, ride);
  if (entries === read.plan.entries) return "already";
  const saved = await planRequest(parkId, { method: "POST", body: JSON.stringify({ intent: "save", ...planSaveInput({ ...read.plan, entries }) }) });
  if (!saved) return "plans.errors.save";
  return saved.ok ? "added" : saved.error;
}
