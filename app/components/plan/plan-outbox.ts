import type { VisitPlanView } from "~/domain/visit-plan";

/**
 * The plans changed on this device and not yet saved (docs/rules/plans.md#offline): one entry
 * per park holding the whole plan as last changed, since a save replaces the
 * plan. Written at each change, deleted once the server has it, read back by a
 * reload (offline or not), so nothing waits only in memory. One IndexedDB
 * database per member; the service worker deletes them all as soon as an
 * answer is for anyone else, and at sign-out (decision 0041).
 */

export type OutboxEntry = { parkId: string; plan: VisitPlanView; queuedAt: number };

const STORE = "plans";
const OUTBOX_PREFIX = "parcours-plan-outbox-";

// One operation at a time: a delete must not overtake the write of the change before it.
let queue: Promise<unknown> = Promise.resolve();

/** Only a write creates a member's outbox: reading or deleting where there is none leaves none behind. */
type Access = "read" | "write" | "delete";

function run<T>(memberId: string, access: Access, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const next = queue.then(() => runNow(memberId, access, operation));
  queue = next.catch(() => undefined);
  // No IndexedDB (private browsing, blocked storage): the plan still saves online, it just cannot wait offline.
  return next.catch((error: unknown) => {
    console.warn("plan outbox unavailable", error);
    return undefined;
  });
}

function runNow<T>(memberId: string, access: Access, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(OUTBOX_PREFIX + memberId, 1);
    let absent = false;
    opening.onupgradeneeded = () => {
      if (access === "write") opening.result.createObjectStore(STORE, { keyPath: "parkId" });
      else {
        // No outbox (the worker may just have deleted it, decision 0041): nothing to read or delete, none created.
        absent = true;
        opening.transaction!.abort();
      }
    };
    opening.onerror = () => (absent ? resolve(undefined) : reject(opening.error));
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(STORE, access === "read" ? "readonly" : "readwrite");
      const request = operation(transaction.objectStore(STORE));
      // Closed at once: the service worker may need to delete the database (sign-out).
      transaction.oncomplete = () => {
        database.close();
        resolve(request.result);
      };
      transaction.onerror = transaction.onabort = () => {
        database.close();
        reject(transaction.error);
      };
    };
  });
}

export const readOutbox = (memberId: string, parkId: string) => run<OutboxEntry | undefined>(memberId, "read", (store) => store.get(parkId));

/** Every waiting plan, the one changed longest ago first: they are sent in that order. */
export async function waitingPlans(memberId: string): Promise<OutboxEntry[]> {
  const entries = (await run<OutboxEntry[]>(memberId, "read", (store) => store.getAll())) ?? [];
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

export const writeOutbox = (memberId: string, parkId: string, plan: VisitPlanView) =>
  run(memberId, "write", (store) => store.put({ parkId, plan, queuedAt: Date.now() } satisfies OutboxEntry));

export const deleteOutbox = (memberId: string, parkId: string) => run(memberId, "delete", (store) => store.delete(parkId));
