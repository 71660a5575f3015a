import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import type { PlanAnswer } from "~/domain/visit-plan";

/**
 * An answer of /api/plans/:parkId, or null when none came (network down, not JSON): the caller says it could not load or save.
 * `pageMember`, the member the page was rendered for, makes the server refuse the request if the session is now someone
 * else's: a page kept offline, or open while another member signed in, never reads or writes their plan (decision 0041).
 */
export async function planRequest(parkId: string, init?: RequestInit, pageMember?: string): Promise<PlanAnswer | null> {
  try {
    const response = await fetch(`/api/plans/${encodeURIComponent(parkId)}`, {
      ...init,
      headers: {
        accept: "application/json",
        ...(init?.body ? { "content-type": "application/json" } : {}),
        ...(pageMember ? { [PAGE_MEMBER_HEADER]: pageMember } : {}),
      },
    });
    return (await response.json()) as PlanAnswer;
  } catch (error) {
    // The member sees the failure; the cause is kept for whoever debugs.
    console.warn("plan request failed", error);
    return null;
  }
}
