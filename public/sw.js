/**
 * Parcours' service worker (issue 17 §6, decision 0024): a member's visit
 * plans and their parks' pages stay readable inside a park with no network.
 *
 * Registered by the members' plan chunk as /sw.js?member=<id>, so a new
 * member on this browser gets a new worker, which drops the previous member's
 * private cache and outbox when it takes over. It answers only:
 * - /assets/* (hashed names: the content never changes): cache first;
 * - page navigations: network first (with navigation preload); when the
 *   network fails, the copy of that page the member asked to keep, if any;
 * - /api/plans/*: network first, the last answer kept for offline reads;
 * - the sign-out POST: private caches, outbox and this worker are removed
 *   before it goes through.
 * Everything else (React Router's data requests, forms, live updates) goes to
 * the network as if there were no worker.
 */

const MEMBER = new URL(self.location.href).searchParams.get("member") || "";
const ASSETS = "parcours-assets-v1";
const PRIVATE_PREFIX = "parcours-private-";
const PRIVATE = PRIVATE_PREFIX + MEMBER;
const OUTBOX_PREFIX = "parcours-plan-outbox-";
// Old builds' files are dropped beyond this many (oldest first): a few builds' worth.
const ASSETS_MAX = 400;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await forget((name) => name !== PRIVATE && name !== OUTBOX_PREFIX + MEMBER);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && /^(\/(fr|en))?\/logout(\.data)?$/.test(url.pathname)) return event.respondWith(signOut(request));
  if (url.pathname.startsWith("/api/plans/")) return event.respondWith(plan(request));
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/assets/")) return event.respondWith(asset(request));
  if (request.mode === "navigate") return event.respondWith(page(event));
});

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  if (event.data?.type !== "keep" || !port) return;
  event.waitUntil(
    keep(event.data).then(
      () => port.postMessage({ kept: true }),
      (error) => port.postMessage({ kept: false, reason: String(error) }),
    ),
  );
});

/** Deletes the private caches and outboxes whose names `drop` accepts (all of them when signing out). */
async function forget(drop) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PRIVATE_PREFIX) && drop(name)) await caches.delete(name);
  }
  const databases = self.indexedDB.databases ? await self.indexedDB.databases() : [];
  for (const { name } of databases) {
    if (name?.startsWith(OUTBOX_PREFIX) && drop(name)) await deleteDatabase(name);
  }
}

function deleteDatabase(name) {
  return new Promise((resolve) => {
    const request = self.indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function signOut(request) {
  await forget(() => true);
  await self.registration.unregister();
  return fetch(request);
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await putAsset(cache, request, response.clone());
  return response;
}

async function putAsset(cache, request, response) {
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - ASSETS_MAX))) await cache.delete(old);
}

/** A page's address in the private cache: no query, no fragment. */
function pageKey(url) {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

async function page(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    // A kept page is refreshed each time the member opens it online.
    if (response.ok && response.type === "basic") event.waitUntil(refreshKept(event.request.url, response.clone()));
    return response;
  } catch (error) {
    const kept = await (await caches.open(PRIVATE)).match(pageKey(event.request.url));
    if (kept) return kept;
    throw error;
  }
}

async function refreshKept(url, response) {
  const cache = await caches.open(PRIVATE);
  if (await cache.match(pageKey(url))) await cache.put(pageKey(url), response);
}

/**
 * GET: network first, the last good answer when offline. POST (save,
 * complete): its good answer is the plan as now stored, so it replaces the
 * kept GET answer; otherwise an offline reload would show the plan as it was
 * first read.
 */
async function plan(request) {
  const cache = await caches.open(PRIVATE);
  const key = new URL(request.url).pathname;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = request.method === "GET" ? await cache.match(key) : undefined;
    if (kept) return kept;
    throw error;
  }
}

/** The plan chunk asks to keep its park's page (and the files it loaded) for offline reading. */
async function keep({ page: path, assets }) {
  const cache = await caches.open(PRIVATE);
  const key = pageKey(new URL(path, self.location.origin).href);
  if (!(await cache.match(key))) {
    const response = await fetch(key, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`page ${response.status}`);
    await cache.put(key, response);
  }
  const assetCache = await caches.open(ASSETS);
  for (const path of assets) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/") || (await assetCache.match(url.href))) continue;
    const response = await fetch(url.href);
    if (response.ok) await putAsset(assetCache, url.href, response);
  }
}
