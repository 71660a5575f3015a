/**
 * The member's outbox on this device (docs/rules/plans.md#offline): what they changed while offline, waiting to be
 * sent. One IndexedDB database per member, with a store per kind of write — the visit plans (one entry per park, the
 * plan as last changed) and the ride log (one entry per write, sent in the order made). The service worker deletes
 * them all as soon as an answer is for anyone else, and at sign-out (decision 0041).
 */

const OUTBOX_PREFIX = "parcours-plan-outbox-";
const VERSION = 2;
/** Each store and its key: version 1 had the plans only, version 2 added the ride log. */
const STORES = { plans: "parkId", rideLog: "id" } as const;
export type OutboxStore = keyof typeof STORES;

// One operation at a time: a delete must not overtake the write of the change before it.
let queue: Promise<unknown> = Promise.resolve();

/** Only a write creates a member's outbox: reading or deleting where there is none leaves none behind. */
type Access = "read" | "write" | "delete";

export function runInOutbox<T>(memberId: string, storeName: OutboxStore, access: Access, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const next = queue.then(() => runNow(memberId, storeName, access, operation));
  queue = next.catch(() => undefined);
  // No IndexedDB (private browsing, blocked storage): writes still go online, they just cannot wait offline.
  return next.catch((error: unknown) => {
    console.warn("outbox unavailable", error);
    return undefined;
  });
}

function runNow<T>(memberId: string, storeName: OutboxStore, access: Access, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(OUTBOX_PREFIX + memberId, VERSION);
    let absent = false;
    opening.onupgradeneeded = (event) => {
      if (event.oldVersion === 0 && access !== "write") {
        // No outbox (the worker may just have deleted it, decision 0041): nothing to read or delete, none created.
        absent = true;
        opening.transaction!.abort();
        return;
      }
      for (const [name, keyPath] of Object.entries(STORES)) {
        if (!opening.result.objectStoreNames.contains(name)) opening.result.createObjectStore(name, { keyPath });
      }
    };
    opening.onerror = () => (absent ? resolve(undefined) : reject(opening.error));
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(storeName, access === "read" ? "readonly" : "readwrite");
      const request = operation(transaction.objectStore(storeName));
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
