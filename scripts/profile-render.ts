/**
 * Where one page's server time goes (docs/benchmarks.md, decision 0056): the production build, with its server
 * source maps, on a throwaway small dataset, under a few seconds of autocannon load while Node's CPU profiler
 * samples the server. Prints the page's bytes and SQL statements anonymous and signed in, the load's requests
 * per second and the server process's CPU time per request, then the profile's time per request by category
 * and the functions with the most self time.
 *
 *   npm run profile:render -- --page home --signed-in
 *   npm run profile:render -- --page park|ride|rankings|map|profile [--signed-in] [--postgres] [--duration 5] [--connections 4] [--keep] [--port 3411]
 *
 * `--postgres`: a throwaway database on BENCH_POSTGRES_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
 * instead of a throwaway PGlite. `--keep`: the .cpuprofile (open it in Chrome's DevTools) and the page's HTML,
 * anonymous and signed in, are kept in the system's temporary directory.
 * The profiler adds its own cost: compare the categories' shares, and take throughput from `npm run bench`.
 */
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { resources } from "~/i18n/resources";
import { benchTargets } from "./bench/generate";
import { summarizeProfile, type CpuProfile } from "./bench/cpu-profile";
import { SCALES } from "./bench/scales";
import { loadDataset, probe, signIn, startServer } from "./bench/server-process";
import { buildIsStale, root } from "./support/production-build.mjs";
import { freePort } from "./support/free-port";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

const page = option("page") ?? "home";
const signedIn = flag("signed-in");
const onPostgres = flag("postgres");
const duration = Number(option("duration") ?? 5);
const connections = Number(option("connections") ?? 4);

const targets = benchTargets(SCALES.small);
const PAGES: Record<string, string> = {
  home: "/fr",
  park: `/fr/${targets.popularParkSlug}`,
  ride: `/fr/${targets.popularRidePath}`,
  rankings: "/fr/rankings",
  map: "/fr/map",
  // Signed in, the member's own profile; anonymous, the same member's public one.
  profile: signedIn ? "/fr/profile" : `/fr/profile/${targets.heavyUserId}`,
};
const url = PAGES[page];
if (!url) throw new Error(`--page must be one of ${Object.keys(PAGES).join(", ")}`);

const log = (message: string) => console.error(`[profile] ${message}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// The minified server build is read through its source maps: build again when they are missing or the build is stale.
const serverMaps = existsSync(path.join(root, "build/server/assets")) && readdirSync(path.join(root, "build/server/assets")).some((file) => file.endsWith(".map"));
if (buildIsStale() || !serverMaps) {
  log("building with the server's source maps (npx react-router build --sourcemapServer hidden)");
  const built = spawnSync("npx", ["react-router", "build", "--sourcemapServer", "hidden"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("the build failed");
}

const DATABASE_NAME = "parcours_profile_small";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-profile-"));
const profileDir = path.join(dataDir, "cpu-profile");
const postgresUrl = new URL(process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
postgresUrl.pathname = `/${DATABASE_NAME}`;
const env = onPostgres ? { DATA_DIR: dataDir, DATABASE_URL: postgresUrl.toString() } : { DATA_DIR: dataDir, DATABASE_URL: "" };
loadDataset("small", onPostgres ? ["--database-url", postgresUrl.toString()] : ["--pglite", dataDir]);

// A fixed port when several runs share the machine and each has its own range; otherwise one the system picks.
const port = option("port") ? Number(option("port")) : await freePort();
const server = await startServer(port, env, [`--cpu-prof-dir=${profileDir}`, "--cpu-prof", "--cpu-prof-interval=250"]);
const load = { requests: 0, rps: 0, p50: 0, p99: 0, non2xx: 0, errors: 0 };
let cpu = { process: 0, mainThread: 0, database: 0 };
let window = { from: 0, to: 0 };
const sizes: Array<[string, Awaited<ReturnType<typeof probe>>, number]> = [];
try {
  const cookie = await signIn(server.base, targets.heavyUserEmail);
  for (const [who, headers] of [
    ["anonymous", {}],
    ["signed in", { cookie }],
  ] as const) {
    const probed = await probe(server, url, { headers });
    if (probed.status !== 200) throw new Error(`${url} ${who}: ${probed.status}`);
    const html = await (await fetch(`${server.base}${url}`, { headers })).text();
    if (flag("keep")) writeFileSync(path.join(os.tmpdir(), `parcours-profile-${page}-${who.replace(" ", "-")}.html`), html);
    // The loader data: the inline scripts that hand React Router its context and stream (the window.__reactRouter… ones).
    const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].filter(([, body]) => body!.includes("__reactRouter"));
    sizes.push([who, probed, inline.reduce((sum, [, body]) => sum + Buffer.byteLength(body!), 0)]);
  }
  const headers = { "accept-encoding": "gzip", ...(signedIn ? { cookie } : {}) };
  log(`warming up ${url} (2 s)`);
  await autocannon({ url: `${server.base}${url}`, connections, duration: 2, headers });
  log(`profiling ${url} ${signedIn ? "signed in" : "anonymous"} (${duration} s, ${connections} connections)`);
  const backends = onPostgres ? databaseBackends() : [];
  const cpuBefore = { ...cpuMs(server.process.pid!), database: sum(backends.map((pid) => processCpuMs(pid))) };
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await autocannon({ url: `${server.base}${url}`, connections, duration, headers });
  window = { from, to: Number(process.hrtime.bigint() / 1000n) };
  const cpuAfter = { ...cpuMs(server.process.pid!), database: sum(backends.map((pid) => processCpuMs(pid))) };
  cpu = {
    process: cpuAfter.process - cpuBefore.process,
    mainThread: cpuAfter.mainThread - cpuBefore.mainThread,
    database: cpuAfter.database - cpuBefore.database,
  };
  Object.assign(load, {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  });
} finally {
  await server.stop();
  if (onPostgres) {
    const maintenance = new URL(postgresUrl);
    maintenance.pathname = "/postgres";
    const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The server's user and system CPU time so far, of the whole process and of its main thread (the one the profile
 * samples). On a busy machine the profile's samples also count the time the thread waited for a core: its shares
 * are right, and the main thread's CPU time is what they share out.
 */
function cpuMs(pid: number) {
  return { process: processCpuMs(pid), mainThread: processCpuMs(pid, `/proc/${pid}/task/${pid}/stat`) };
}

/** utime and stime of a process (or of one of its threads), in clock ticks of 1/100 s after the command's name in parentheses. */
function processCpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  try {
    const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0; // a backend that ended
  }
}

/** The PostgreSQL backends serving the throwaway database (the server's pool, open after the warm-up): their CPU is the queries'. */
function databaseBackends(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${DATABASE_NAME} `);
      } catch {
        return false; // a process that ended
      }
    })
    .map(Number);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

const profileFile = readdirSync(profileDir).find((file) => file.endsWith(".cpuprofile"));
if (!profileFile) throw new Error("the server wrote no CPU profile");
const profile = JSON.parse(readFileSync(path.join(profileDir, profileFile), "utf8")) as CpuProfile;
const summary = summarizeProfile(profile, root, window.from, window.to);
// The window is read on this process's monotonic clock, the samples are stamped on the server's: the same system clock.
if (summary.busyMs === 0) throw new Error("no sample of the profile falls in the timed window");
if (flag("keep")) {
  const kept = path.join(os.tmpdir(), `parcours-profile-${page}${signedIn ? "-signed-in" : ""}-${onPostgres ? "postgres" : "pglite"}.cpuprofile`);
  copyFileSync(path.join(profileDir, profileFile), kept);
  log(`profile kept in ${kept}`);
}
rmSync(dataDir, { recursive: true, force: true });

const perRequest = (ms: number) => (ms / Math.max(1, load.requests)).toFixed(2);
// A category's CPU time: its share of the profile's samples times the main thread's CPU time.
const cpuPerRequest = (ms: number) => perRequest((ms / summary.busyMs) * cpu.mainThread);
const messagesBytes = Buffer.byteLength(JSON.stringify(resources.fr));
const lines = [
  `# ${url} ${signedIn ? "signed in" : "anonymous"} — small dataset on ${onPostgres ? "PostgreSQL" : "PGlite"}, ${duration} s, ${connections} connections, under the profiler`,
  "",
  "| who | status | HTML | gzip | inline loader data | SQL statements |",
  "|---|---:|---:|---:|---:|---:|",
  ...sizes.map(([who, probed, inline]) => `| ${who} | ${probed.status} | ${kb(probed.bytes)} | ${kb(probed.gzipBytes)} | ${kb(inline)} | ${probed.queries ?? "?"} |`),
  "",
  `The whole French message catalogue, as JSON, for scale: ${kb(messagesBytes)} (a page sends only its own part, decision 0057).`,
  "",
  `${load.requests} requests: ${load.rps.toFixed(1)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.non2xx} non-2xx, ${load.errors} errors.`,
  `CPU per request: ${perRequest(cpu.process)} ms for the server process (all threads), ${perRequest(cpu.mainThread)} ms for its main thread ` +
    `(sampled busy: ${perRequest(summary.busyMs)} ms, waits for a core included)` +
    `${onPostgres ? `; PostgreSQL's backends for the database: ${perRequest(cpu.database)} ms` : ""}.`,
  "",
  "| category (main thread) | CPU ms/request | share |",
  "|---|---:|---:|",
  ...[...summary.categories]
    .sort((a, b) => b[1] - a[1])
    .map(([category, ms]) => `| ${category} | ${cpuPerRequest(ms)} | ${((100 * ms) / summary.busyMs).toFixed(1)} % |`),
  "",
  "| function (self time) | counted in | CPU ms/request | share |",
  "|---|---|---:|---:|",
  ...summary.functions
    .slice(0, 30)
    .map(([name, category, ms]) => `| ${name.replaceAll("|", "\\|")} | ${category} | ${cpuPerRequest(ms)} | ${((100 * ms) / summary.busyMs).toFixed(1)} % |`),
];
console.log(lines.join("\n"));
if (load.non2xx + load.errors > 0) process.exitCode = 1;
