import type { PlanAnswer } from "~/domain/visit-plan";

/** An answer of /api/plans/:parkId, or null when none came (network down, not JSON): the caller says it could not load or save. */
export async function planRequest(parkId: string, init?: RequestInit): Promise<PlanAnswer | null> {
  try {
    const response = await fetch(`/api/plans/${encodeURIComponent(parkId)}`, {
      ...init,
      headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) },
    });
    return (await response.json()) as PlanAnswer;
  } catch (error) {
    // The member sees the failure; the cause is kept for whoever debugs.
    console.warn("plan request failed", error);
    return null;
  }
}
