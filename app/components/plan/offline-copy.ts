import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * The plan's offline side in the page (docs/rules/plans.md#offline, decision 0024): whether
 * the browser is online, and the request to the service worker (public/sw.js)
 * to keep this park's page for reading without network.
 */

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** navigator.onLine, followed: false means surely offline (true only means a network is there). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The worker once it runs: a first registration installs and activates it. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return registration.active ? Promise.resolve(registration.active) : Promise.reject(new Error("no service worker"));
  return new Promise((resolve, reject) => {
    pending.addEventListener("statechange", () => {
      if (pending.state === "activated") resolve(pending);
      if (pending.state === "redundant") reject(new Error("service worker redundant"));
    });
  });
}

/** The built files this page has loaded (entry, route modules, lazy chunks, styles): an offline reload needs them all. */
function loadedAssets(): string[] {
  const names = performance.getEntriesByType("resource").map((entry) => entry.name);
  return [...new Set(names.filter((name) => new URL(name).pathname.startsWith("/assets/")))];
}

async function keepForOffline(page: string): Promise<boolean> {
  // One worker for every member: it learns from each answer whom it is for (decision 0041).
  const registration = await navigator.serviceWorker.register("/sw.js");
  const worker = await activeWorker(registration);
  const channel = new MessageChannel();
  const answer = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ kept?: boolean }>) => resolve(event.data.kept === true);
  });
  worker.postMessage({ type: "keep", page, assets: loadedAssets() }, [channel.port2]);
  return answer;
}

/**
 * Asks the service worker, once `wanted` (the member has a plan here), to keep
 * this page for offline reading; true once it has. Asked again for another
 * `memberId`: the worker keeps nothing of one member for the next. Browsers
 * without service workers (or refusing them) keep the plan online only.
 */
export function useOfflineCopy(memberId: string, wanted: boolean): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!wanted || !("serviceWorker" in navigator) || !navigator.onLine) return;
    let current = true;
    keepForOffline(location.pathname).then(
      (done) => current && setKept(done),
      (error: unknown) => console.warn("offline copy unavailable", error),
    );
    return () => {
      current = false;
    };
  }, [memberId, wanted]);
  return kept;
}
