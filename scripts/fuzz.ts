/**
 * The fuzz suite, `npm run fuzz`, run by `npm test` after the
 * build: a production server on a throwaway PostgreSQL database with the demo
 * content receives generated hostile requests (scripts/fuzz/) to every page
 * action and JSON endpoint of the route table and to every page, as a
 * visitor, a member, another member, a suspended member and the
 * administrator. It fails on any 5xx, any error the server logs, any
 * unescaped markup in an HTML answer (reflected now, or stored and shown
 * later), and any row a refused request (4xx) changed.
 *
 * Then the classes of a security review's findings (scripts/fuzz/request-classes.ts), each with its own
 * property: a member's cookie in other spellings never fills a page the next visitor gets; dot segments
 * are refused with 400; out-of-range cursor numbers and unlinked map frames are never a 5xx (nor drawn);
 * an answer sent before its body was read leaves the connection answering the next request.
 *
 *   --runs=N     requests (default 2,200; each class gets a tenth of it)
 *   --seed=N     fast-check's seed; fixed under CI=true, random otherwise (printed, to replay a failure)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import fc from "fast-check";
import postgres from "postgres";
import { changeReader, installChangeLog } from "./fuzz/change-log";
import { ACTORS, UNESCAPED_MARKUP, hostileRequests, type Actor, type HostileRequest, type KnownValues, type RouteTarget } from "./fuzz/hostile-requests";
import { dotSegmentAddress, earlyAnswerThenNext, keptPageAddress, outOfRangeCursorAddress, rawRequest, sessionCookieSpelling, unlinkedMapFrame } from "./fuzz/request-classes";
import { benchServerEnv, buildIfStale, root } from "./support/production-build.mjs";
import { freePort } from "./support/free-port";

const flag = (name: string) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split("=")[1];
const ci = process.env.CI === "true" || process.env.CI === "1";
const runs = Number(flag("runs") ?? 2200);
const seed = Number(flag("seed") ?? (ci ? 20261126 : Math.floor(Math.random() * 2 ** 31)));
const postgresUrl = new URL(process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const DEMO_PASSWORD = "Parcours2026";
const ADMIN_EMAIL = "admin@parcours.local";
const MEMBERS: Record<Exclude<Actor, "visitor">, string> = {
  member: "marie@demo.parcours.local",
  otherMember: "tom@demo.parcours.local",
  suspendedMember: "lea@demo.parcours.local",
  administrator: ADMIN_EMAIL,
};


/** The route table of the server build, each route's whole path (React Router's ids, resolved through their parents). */
async function routeTargets(): Promise<RouteTarget[]> {
  const build = (await import(path.join(root, "build/server/index.js"))) as { routes: Record<string, { path?: string; parentId?: string; module: { action?: unknown; loader?: unknown } }> };
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.entries(build.routes)
    .filter(([id]) => id !== "root")
    .map(([id, route]) => ({ path: full(id), action: Boolean(route.module.action), loader: Boolean(route.module.loader), api: full(id).startsWith("api/") }))
    // The live stream never ends: it has tests of its own (tests/integration/live-hub.test.ts).
    .filter((route) => route.path !== "api/live");
}

/** The intents and field names the app's forms use, read from its sources: new forms are fuzzed without a list to keep. */
function formVocabulary(): { intents: string[]; fields: string[] } {
  const intents = new Set<string>();
  const fields = new Set<string>(["email", "password", "confirmPassword", "username", "comment", "rating", "version", "entries", "name", "rideId", "winnerId", "loserId", "confirm", "reason", "code"]);
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(file, "utf8");
        for (const match of text.matchAll(/intent (?:===|!==) "([\w-]+)"|_INTENT = "([\w-]+)"/g)) intents.add(match[1] ?? match[2]!);
        for (const match of text.matchAll(/(?:form\.get|field|text|values\.get)\("([\w-]+)"\)/g)) fields.add(match[1]!);
        for (const match of text.matchAll(/name="([\w-]+)"/g)) fields.add(match[1]!);
      }
    }
  };
  walk(path.join(root, "app"));
  return { intents: [...intents], fields: [...fields] };
}

async function main() {
  buildIfStale();
  const databaseName = `parcours_fuzz_${process.pid}`;
  const admin = postgres(postgresUrl.href, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(postgresUrl.href);
  databaseUrl.pathname = `/${databaseName}`;
  const sql = postgres(databaseUrl.href, { max: 2, onnotice: () => {} });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-fuzz-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const errors: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
    cwd: root,
    env: benchServerEnv(port, { DATABASE_URL: databaseUrl.href, DATA_DIR: dataDir, DEMO_CONTENT: "always", ADMIN_EMAIL, LOG_LEVEL: "warn" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Every line the server logs at error level is a failure: the answers say what went wrong to the caller.
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    // The request's own error line (the cause), not pino-http's "request errored" that repeats it.
    if (/"level":(50|60)/.test(line) && !line.includes('"msg":"request errored"')) errors.push(`server logged: ${line.slice(0, 600)}`);
  });
  readline.createInterface({ input: child.stderr! }).on("line", (line) => {
    if (!/ExperimentalWarning|--trace-warnings|BETTER_AUTH_SECRET/.test(line)) errors.push(`server stderr: ${line.slice(0, 800)}`);
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error("the server exited");
      if (await fetch(`${base}/healthz`).then((response) => response.ok, () => false)) break;
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await installChangeLog(sql);
    const changes = changeReader(sql);

    const cookies: Record<Actor, string> = { visitor: "" } as Record<Actor, string>;
    for (const [actor, email] of Object.entries(MEMBERS) as Array<[Exclude<Actor, "visitor">, string]>) cookies[actor] = await signIn(base, email);
    // Suspended while signed in: the session stays, every write must still be refused.
    await sql`UPDATE profiles SET is_suspended = true, suspension_reason = 'fuzz' FROM "user" WHERE profiles.id = "user".id AND "user".email = ${MEMBERS.suspendedMember}`;
    await changes();

    const known = await knownValues(sql);
    const routes = await routeTargets();
    console.log(`Fuzzing ${routes.filter((route) => route.action).length} writing routes and ${routes.filter((route) => route.loader).length} reading routes with ${runs} requests (seed ${seed}, ${ACTORS.length} kinds of caller)…`);

    const counts = { sent: 0, refused: 0, accepted: 0, resent: 0, byStatus: new Map<number, number>() };
    const failures: string[] = [];
    const attempt = (request: HostileRequest) =>
      fetch(base + request.path, {
        method: request.method,
        headers: { ...request.headers, ...(cookies[request.actor] ? { cookie: cookies[request.actor] } : {}) },
        body: request.method === "GET" || !request.body ? undefined : Buffer.from(request.body),
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
    const send = async (request: HostileRequest) => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${request.description}`);
      // A kept-alive connection the server closed as the request left (its idle timeout, on a busy machine) is
      // the client's race, not an answer: sent again once on a new connection while the server still runs.
      const response = await attempt(request).catch(async (error: unknown) => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) on ${request.description}`, { cause: error });
        counts.resent++;
        return attempt(request);
      });
      const text = await response.text();
      counts.sent++;
      counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
      const changed = await changes();
      const problems: string[] = [];
      if (response.status >= 500) problems.push(`answered ${response.status}: ${text.slice(0, 300)}`);
      if ((response.headers.get("content-type") ?? "").includes("text/html") && UNESCAPED_MARKUP.test(text)) problems.push("unescaped markup in the HTML answer");
      if (response.status >= 400) {
        counts.refused++;
        if (changed.length) problems.push(`refused (${response.status}) yet wrote ${changed.map((change) => `${change.operation} ${change.table}`).join(", ")}`);
      } else counts.accepted++;
      if (problems.length) failures.push(`${request.description} → ${request.method} ${request.path.slice(0, 160)} [${request.headers["content-type"] ?? "no body type"}]: ${problems.join("; ").slice(0, 400)}`);
    };

    await fc.assert(
      fc.asyncProperty(hostileRequests(routes, known, base), async (request) => {
        await send(request);
        return true;
      }),
      { numRuns: runs, seed, endOnFailure: false },
    );

    // Stored markup: whatever the accepted requests stored must come back escaped on the pages that show it.
    const pages = ["/fr", "/en", "/fr/rankings", ...known.parks.flatMap((park) => [`/fr/${park.slug}`, ...park.rides.slice(0, 3).map((ride) => `/fr/${park.slug}/${ride.slug}`)]), ...known.userIds.map((id) => `/fr/profile/${id}`)];
    const classes = await fuzzRequestClasses({ port, base, cookies, known, pages, send, changes, failures, runs: Math.max(20, Math.round(runs / 10)) });
    const adminPages = ["/admin", "/admin/parks", "/admin/attractions", "/admin/users", "/admin/ratings", "/admin/comments", "/admin/suggestions", "/admin/log"];
    for (const [page, actor] of [...pages.map((page) => [page, "visitor"] as const), ...adminPages.map((page) => [page, "administrator"] as const), ["/fr/profile", "member"] as const]) {
      const response = await fetch(base + page, { headers: cookies[actor] ? { cookie: cookies[actor] } : {}, redirect: "manual" });
      const text = await response.text();
      if (response.status >= 500) failures.push(`stored: ${page} as ${actor} answered ${response.status}`);
      if (UNESCAPED_MARKUP.test(text)) failures.push(`stored: ${page} as ${actor} shows unescaped markup`);
    }

    const statuses = [...counts.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(", ");
    console.log(`Request classes: ${Object.entries(classes).map(([name, count]) => `${name} ${count}`).join(", ")}.`);
    console.log(
      `${counts.sent} hostile requests (${counts.refused} refused, ${counts.accepted} accepted; ${statuses}; ${counts.resent} sent again after a dropped connection), ${pages.length + adminPages.length + 1} pages checked for stored markup.`,
    );
    const all = [...failures, ...errors];
    if (all.length) {
      console.error(`${all.length} failure(s), seed ${seed} (replay: npm run fuzz -- --seed=${seed} --runs=${runs}):`);
      for (const failure of all.slice(0, 60)) console.error(`  ✗ ${failure}`);
      process.exitCode = 1;
    } else console.log("No 5xx, no error logged, no unescaped markup, nothing written by a refused request.");
  } finally {
    child.kill("SIGTERM");
    await exited;
    await sql.end();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs a demo member in through the auth API; the Cookie header their browser would send. */
async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/**
 * The classes of scripts/fuzz/request-classes.ts, each `runs` times, against the running server; their
 * requests also go through `send` where the main property's oracle applies (no 5xx, no error logged, nothing
 * written by a refusal). Returns how many requests each class sent.
 */
async function fuzzRequestClasses(options: {
  port: number;
  base: string;
  cookies: Record<Actor, string>;
  known: KnownValues;
  pages: string[];
  send: (request: HostileRequest) => Promise<void>;
  changes: () => Promise<Array<{ operation: string; table: string }>>;
  failures: string[];
  runs: number;
}): Promise<Record<string, number>> {
  const { port, base, cookies, known, pages, send, failures, runs } = options;
  const counts = { "cookie spellings": 0, "dot segments": 0, "out-of-range cursors": 0, "early answers": 0, "map frames": 0 };
  const memberEmail = MEMBERS.member;
  // A session of its own: the main property's requests may have signed the member out (sign-out, revoke-sessions).
  const memberCookie = await signIn(base, memberEmail);
  const sessionCookie = memberCookie.split("; ").find((cookie) => /^(?:__Secure-)?parcours\.session_token=/.test(cookie))!;
  let membersRenders = 0;
  const settings = { numRuns: runs, seed, endOnFailure: false };

  // A member's render must never be kept: the next visitor of the address gets a visitor's page.
  const keptPages = [...pages, "/fr/account", "/fr/profile", "/fr/duels", "/en/rankings"];
  await fc.assert(
    fc.asyncProperty(keptPageAddress(keptPages), sessionCookieSpelling(sessionCookie), async (address, cookie) => {
      const asMember = await (await fetch(base + address, { headers: { cookie }, redirect: "manual" })).text();
      if (asMember.includes('action="/logout"')) membersRenders++;
      const next = await fetch(base + address, { redirect: "manual" });
      const shown = await next.text();
      counts["cookie spellings"] += 2;
      if (shown.includes(memberEmail) || shown.includes('action="/logout"')) failures.push(`cookie spelling ${JSON.stringify(cookie.slice(0, 60))}: the next visitor of ${address} was shown the member's page`);
      return true;
    }),
    settings,
  );
  // The spellings are ones the auth library reads: were none of them rendered as the member's, the property above proved nothing.
  if (membersRenders === 0) failures.push("cookie spellings: no spelling was rendered as the member's page");

  // Dot segments and backslashes: refused before any route, whoever sends them.
  const addresses = ["/fr/login", "/fr/signup", "/fr/account", "/api/v1/parks", "/api/auth/sign-in/email", "/fr/contribute", ...pages.slice(0, 8)];
  await fc.assert(
    fc.asyncProperty(dotSegmentAddress(addresses), fc.constantFrom(...ACTORS), fc.constantFrom("GET", "POST"), async (path, actor, method) => {
      const status = await rawRequest(port, {
        method,
        path,
        headers: { origin: base, ...(cookies[actor] ? { cookie: cookies[actor] } : {}), ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body: method === "POST" ? "email=a%40b.c&password=x" : undefined,
      });
      counts["dot segments"]++;
      const changed = await options.changes();
      if (status !== 400) failures.push(`dot segments: ${method} ${path} as ${actor} answered ${status}, not 400`);
      if (changed.length) failures.push(`dot segments: ${method} ${path} as ${actor} wrote ${changed.map((change) => change.table).join(", ")}`);
      return true;
    }),
    settings,
  );

  // Out-of-range numbers in well-formed cursors: the main oracle (no 5xx, no error logged).
  const parkPages = known.parks.map((park) => `/fr/${park.slug}`);
  const ridePages = known.parks.flatMap((park) => park.rides.slice(0, 2).map((ride) => `/fr/${park.slug}/${ride.slug}`));
  await fc.assert(
    fc.asyncProperty(outOfRangeCursorAddress(parkPages, ridePages, known.parks[0]!.id), fc.constantFrom(...ACTORS), async (path, actor) => {
      await send({ actor, method: "GET", path, headers: {}, description: `${actor} GET with an out-of-range cursor` });
      counts["out-of-range cursors"]++;
      return true;
    }),
    settings,
  );

  // An answer sent before the body was read: the same connection answers the next request.
  const earlyAnswerPaths = [...parkPages, ...ridePages, "/fr/contribute"];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...earlyAnswerPaths), fc.integer({ min: 16 * 1024, max: 240 * 1024 }), fc.constantFrom("/fr", "/healthz", "/fr/rankings"), async (path, size, next) => {
      const statuses = await earlyAnswerThenNext(port, { path, cookie: "", origin: base, size, next });
      counts["early answers"] += 2;
      await options.changes();
      if (statuses.length < 2) failures.push(`early answer: a ${size}-byte form to ${path} answered ${statuses.join(", ") || "nothing"}; the next request on its connection got no answer`);
      return true;
    }),
    settings,
  );

  // Map frames the map never links to: never drawn, never a 5xx.
  await fc.assert(
    fc.asyncProperty(unlinkedMapFrame(), async (path) => {
      const response = await fetch(base + path, { redirect: "manual" });
      await response.text();
      counts["map frames"]++;
      if (response.status === 200 || response.status >= 500) failures.push(`map frame ${path} answered ${response.status}`);
      return true;
    }),
    settings,
  );
  return counts;
}

/** Parks with their rides, the member's own rows and some members, from the demo content. */
async function knownValues(sql: postgres.Sql): Promise<KnownValues> {
  const parks = await sql<{ id: string; slug: string }[]>`SELECT id, slug FROM parks WHERE moderation_status = 'approved' ORDER BY name LIMIT 6`;
  const withRides = [];
  for (const park of parks) {
    const rides = await sql<{ id: string; slug: string }[]>`SELECT id, slug FROM attractions WHERE park_id = ${park.id} ORDER BY name LIMIT 6`;
    withRides.push({ ...park, rides });
  }
  const member = MEMBERS.member;
  const owned = await sql<{ id: string }[]>`
    SELECT r.id FROM park_ratings r JOIN "user" u ON u.id = r.user_id WHERE u.email = ${member}
    UNION ALL SELECT r.id FROM attraction_ratings r JOIN "user" u ON u.id = r.user_id WHERE u.email = ${member}
    LIMIT 20`;
  const users = await sql<{ id: string }[]>`SELECT id FROM "user" ORDER BY email LIMIT 6`;
  return { parks: withRides, ownedIds: owned.map((row) => row.id), userIds: users.map((row) => row.id), ...formVocabulary() };
}

await main();
