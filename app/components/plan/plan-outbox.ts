import type { VisitPlanView } from "~/domain/visit-plan";
import { runInOutbox } from "./member-outbox";

/**
 * The plans changed on this device and not yet saved (docs/rules/plans.md#offline): one entry per park holding the
 * whole plan as last changed, since a save replaces the plan. Written at each change, deleted once the server has it,
 * read back by a reload (offline or not), so nothing waits only in memory. In the member's outbox (member-outbox.ts).
 */

export type OutboxEntry = { parkId: string; plan: VisitPlanView; queuedAt: number };

const run = <T>(memberId: string, access: "read" | "write" | "delete", operation: (store: IDBObjectStore) => IDBRequest<T>) =>
  runInOutbox(memberId, "plans", access, operation);

export const readOutbox = (memberId: string, parkId: string) => run<OutboxEntry | undefined>(memberId, "read", (store) => store.get(parkId));

/** Every waiting plan, the one changed longest ago first: they are sent in that order. */
export async function waitingPlans(memberId: string): Promise<OutboxEntry[]> {
  const entries = (await run<OutboxEntry[]>(memberId, "read", (store) => store.getAll())) ?? [];
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

export const writeOutbox = (memberId: string, parkId: string, plan: VisitPlanView) =>
  run(memberId, "write", (store) => store.put({ parkId, plan, queuedAt: Date.now() } satisfies OutboxEntry));

export const deleteOutbox = (memberId: string, parkId: string) => run(memberId, "delete", (store) => store.delete(parkId));
