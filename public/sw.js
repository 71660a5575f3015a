/**
 * Parcours' service worker (docs/rules/plans.md#offline, decisions 0024 and 0041): a member's
 * visit plans and their parks' pages stay readable inside a park with no
 * network, and only for that member.
 *
 * Every page and plan answer says whom the server rendered it for (the
 * X-Parcours-Member header: an opaque tag per member, or "none"). The private
 * copies and the plan outboxes on this browser belong to the last member the
 * worker saw; when an answer names anyone else (another member, or nobody: a
 * session that expired, was revoked or deleted), they are all deleted before
 * that answer is handed over. Offline, a copy is answered only from the cache
 * of the member last seen online. It answers only:
 * - /assets/* (hashed names: the content never changes): cache first;
 * - page navigations: network first (with navigation preload); when the
 *   network fails, the copy of that page the member asked to keep, if any,
 *   else the site's offline page in the address's language (fetched without
 *   cookies when the worker installs: nothing of a member in it);
 * - /api/plans/*: network first, the last answer kept for offline reads;
 * - the sign-out POST: private caches, outbox and this worker are removed
 *   before it goes through.
 * Everything else (React Router's data requests, forms, live updates) goes to
 * the network as if there were no worker.
 */

const ASSETS = "parcours-assets-v1";
const PRIVATE_PREFIX = "parcours-private-";
const OUTBOX_PREFIX = "parcours-plan-outbox-";
// Whom the private copies belong to, kept where a restarted worker finds it.
const OWNER = "parcours-owner";
const OWNER_KEY = "/owner";
const MEMBER_HEADER = "X-Parcours-Member";
const NO_MEMBER = "none";
// Old builds' files are dropped beyond this many (oldest first): a few builds' worth.
const ASSETS_MAX = 400;
// The site's offline page per language (app/routes/offline-page.tsx answers only a request with this header).
const OFFLINE = "parcours-offline-v1";
const OFFLINE_PAGE = "/api/offline-page/";
const OFFLINE_HEADER = "X-Parcours-Offline-Page";

self.addEventListener("install", (event) => {
  // Without it a failed navigation shows the browser's error page, as before: never a reason not to install.
  event.waitUntil(keepOfflinePages().catch(() => undefined));
  self.skipWaiting();
});

async function keepOfflinePages() {
  const cache = await caches.open(OFFLINE);
  for (const language of ["fr", "en"]) {
    const response = await fetch(OFFLINE_PAGE + language, { credentials: "omit", headers: { [OFFLINE_HEADER]: "precache" } });
    if (response.ok) await cache.put(OFFLINE_PAGE + language, response);
  }
}

/** The offline page in the language of the address asked for (French unless it starts with /en). */
function offlinePage(url) {
  const language = /^\/en(\/|$)/.test(new URL(url).pathname) ? "en" : "fr";
  return caches.match(OFFLINE_PAGE + language, { cacheName: OFFLINE });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
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

/** Deletes every private cache and plan outbox on this browser, and whom they belonged to. */
async function forget() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PRIVATE_PREFIX) || name === OWNER) await caches.delete(name);
  }
  const databases = self.indexedDB.databases ? await self.indexedDB.databases() : [];
  for (const { name } of databases) {
    if (name?.startsWith(OUTBOX_PREFIX)) await deleteDatabase(name);
  }
}

/*
 * The owner's changes and every use of the private caches run one after the
 * other: a copy is never written for a member whose copies are being deleted,
 * nor read while they are.
 */
let turn = Promise.resolve();
let owner; // the member the private copies belong to ("none", a tag, or null before any answer), once read

function inTurn(task) {
  const next = turn.then(task);
  turn = next.catch(() => undefined);
  return next;
}

async function currentOwner() {
  if (owner === undefined) {
    const kept = await caches.match(OWNER_KEY, { cacheName: OWNER });
    owner = kept ? await kept.text() : null;
  }
  return owner;
}

/**
 * Reads whom the server rendered `response` for; when it is not the owner of
 * the private copies, deletes them all (and the outboxes) and makes that member
 * the owner. Answers the member, or null when the response does not say (or
 * the change could not be stored).
 */
function observe(response) {
  const member = response.headers.get(MEMBER_HEADER);
  if (!member) return Promise.resolve(null);
  return inTurn(async () => {
    if ((await currentOwner()) !== member) {
      // No copy is answered or written until the previous member's are gone.
      owner = null;
      await forget();
      await (await caches.open(OWNER)).put(OWNER_KEY, new Response(member));
      owner = member;
    }
    return member;
  }).catch(() => null); // storage failing: the answer still goes through, nothing is kept or answered offline
}

/** Runs `use` with the name of `member`'s private cache if that member (not "none") still owns the private copies; undefined otherwise. */
function withPrivateCache(member, use) {
  return inTurn(async () => {
    if (!member || member === NO_MEMBER || member !== (await currentOwner())) return undefined;
    return use(PRIVATE_PREFIX + member);
  });
}

/** The owner's private copy of `key`, if the owner is a member: what may be answered offline. */
function privateCopy(key) {
  return inTurn(async () => {
    const member = await currentOwner();
    return member && member !== NO_MEMBER ? caches.match(key, { cacheName: PRIVATE_PREFIX + member }) : undefined;
  });
}

function deleteDatabase(name) {
  return new Promise((resolve) => {
    const request = self.indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function signOut(request) {
  await inTurn(async () => {
    owner = null;
    await forget();
  });
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
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch (error) {
    // Only here, where the network failed: online, a page always comes from the server.
    const kept = (await privateCopy(pageKey(event.request.url))) ?? (await offlinePage(event.request.url));
    if (kept) return kept;
    throw error;
  }
  const member = await observe(response);
  // A kept page is refreshed each time its member opens it online.
  if (response.ok && response.type === "basic") event.waitUntil(refreshKept(member, event.request.url, response.clone()));
  return response;
}

function refreshKept(member, url, response) {
  return withPrivateCache(member, async (cacheName) => {
    if (await caches.match(pageKey(url), { cacheName })) await (await caches.open(cacheName)).put(pageKey(url), response);
  });
}

/**
 * GET: network first, the last good answer when offline. POST (save,
 * complete): its good answer is the plan as now stored, so it replaces the
 * kept GET answer; otherwise an offline reload would show the plan as it was
 * first read.
 */
async function plan(request) {
  const key = new URL(request.url).pathname;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = request.method === "GET" ? await privateCopy(key) : undefined;
    if (kept) return kept;
    throw error;
  }
  const member = await observe(response);
  if (response.ok) await withPrivateCache(member, async (cacheName) => (await caches.open(cacheName)).put(key, response.clone()));
  return response;
}

/** The plan chunk asks to keep its park's page (and the files it loaded) for offline reading. */
async function keep({ page: path, assets }) {
  const key = pageKey(new URL(path, self.location.origin).href);
  if (!(await privateCopy(key))) {
    const response = await fetch(key, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`page ${response.status}`);
    const member = await observe(response);
    // Kept only for the member it was rendered for, while they own the private copies.
    const kept = await withPrivateCache(member, async (cacheName) => {
      await (await caches.open(cacheName)).put(key, response);
      return true;
    });
    if (!kept) throw new Error("not signed in");
  }
  const assetCache = await caches.open(ASSETS);
  for (const path of assets) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/") || (await assetCache.match(url.href))) continue;
    const response = await fetch(url.href);
    if (response.ok) await putAsset(assetCache, url.href, response);
  }
}
