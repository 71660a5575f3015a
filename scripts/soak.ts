/**
 * Soak test (decision 0029): two production instances on one throwaway
 * PostgreSQL database, mixed traffic (anonymous pages, signed-in pages,
 * ratings and votes) and 200 open live streams for `--duration` seconds.
 * Passes when nothing failed (no 5xx or other error answer, no failed request,
 * no stream lost, no error logged), each instance's memory stayed flat after
 * the warm-up, and the database connections and the live hubs' streams and
 * subscriptions are back where they were once the load is gone.
 *
 *   npm run soak                          10 minutes, report in bench/results/<date>-soak.md
 *   npm run soak -- --duration=60         one minute (CI), report in bench/results/soak.md.tmp
 *
 * PostgreSQL server: SOAK_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * the database parcours_soak_<pid> is created, then dropped at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import postgres from "postgres";
import { migrateDatabase, openDatabase } from "~/server/db/database";
import { loadDemoContentIfEmpty } from "~/server/demo/load-demo-content";
import { freePortFrom, startInstance, type Instance } from "./soak/instances";
import { openStreams } from "./soak/streams";
import { readTargets, runTraffic, signIn, CLIENT_HEADER, type Session } from "./soak/traffic";
import { buildIfStale, root } from "./support/production-build.mjs";

const option = (name: string) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split("=")[1];
const duration = Number(option("duration") ?? 600);
const full = duration >= 600;
const STREAMS = 200;
/** Concurrent visitors, each signed in as a member of its own; half on each instance. */
const WORKERS = 8;
/**
 * Memory climbs to a working size first (caches, pools, JIT, V8's heap growing to what the load needs):
 * about four minutes on the shared 2-core machine, the first 10-minute run showed. Measured from then on.
 */
const warmUpSeconds = Math.round(duration * 0.4);
/** A shorter run ends while V8's heap is still growing to its working size: its memory is reported, not judged. */
const judgeMemory = duration >= 300;
/** How much an instance's memory may grow after the warm-up: the larger of these. */
const RSS_GROWTH_LIMIT = { mb: 48, ratio: 0.2 };
/** Each instance's pool (database.ts) plus its LISTEN connection, and this script's own. */
const CONNECTIONS_BOUND = 2 * (10 + 1) + 1;

const log = (message: string) => console.error(`[soak] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Ten evenly spaced values of a series, to show its shape in one line. */
const timeline = (values: number[]) => Array.from({ length: Math.min(10, values.length) }, (_, i) => values[Math.floor((i * (values.length - 1)) / 9)]!);
const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));

const server = new URL(process.env.SOAK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseName = `parcours_soak_${process.pid}`;
const databaseUrl = Object.assign(new URL(server), { pathname: `/${databaseName}` }).toString();
const admin = postgres(server.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
try {
  await admin`SELECT 1`;
} catch (error) {
  log(`PostgreSQL is not reachable at ${server.host} (${(error as Error).message})`);
  process.exit(process.env.CI === "true" || process.env.CI === "1" ? 1 : 0);
}

buildIfStale();
await admin.unsafe(`CREATE DATABASE ${databaseName}`);
const monitor = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const dataDirs: string[] = [];
const instances: Instance[] = [];
let failed = true;
try {
  const started = Date.now();
  // Migrated and filled here once, so that both instances start at the same time and find it done.
  const setup = await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 1 });
  await migrateDatabase(setup);
  await loadDemoContentIfEmpty(setup.db, pino({ level: "warn" }), "admin@parcours.local");
  await setup.close();
  const common = { DATABASE_URL: databaseUrl, TRUSTED_PROXY_HEADER: CLIENT_HEADER, LOG_LEVEL: "warn", DEMO_CONTENT: "never" };
  const ports = [await freePortFrom(7540), await freePortFrom(7550)];
  instances.push(
    ...(await Promise.all(
      ports.map((port, index) => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-soak-"));
        dataDirs.push(dataDir);
        return startInstance(`instance ${index + 1}`, port, { ...common, DATA_DIR: dataDir });
      }),
    )),
  );
  log(`database ready and 2 instances up in ${((Date.now() - started) / 1000).toFixed(1)} s (${instances.map((instance) => instance.base).join(", ")})`);

  const targets = await readTargets(monitor, WORKERS);
  const sessions: Session[] = await Promise.all(
    targets.members.map((member, worker) => signIn(instances[worker % 2]!, member.email, `10.78.0.${worker + 1}`)),
  );
  const connections = async () =>
    Number((await monitor`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${databaseName}`)[0]!.n);
  const rssStart = instances.map((instance) => instance.rssMb());
  const connectionsStart = await connections();

  const streams = await openStreams(instances, STREAMS, targets.parks.map((park) => park.id));
  const hubsLoaded = await Promise.all(instances.map((instance) => instance.health()));
  log(`${STREAMS} streams open: ${hubsLoaded.map((health) => health.live.streams).join(" + ")}; traffic for ${duration} s`);

  // Write allowances are per member and day: the soak's members get theirs back, as bench:server's writers do.
  // postgres.js sends a query only once something awaits it: hence the catch, which also reports a failure.
  const refill = setInterval(() => {
    monitor`DELETE FROM user_write_limits WHERE user_id = ANY(${targets.members.map((member) => member.id)})`.catch((error: Error) =>
      log(`write allowances not cleared: ${error.message}`),
    );
  }, 5_000);
  const samples: { at: number; rss: number[]; connections: number }[] = [];
  const sampler = setInterval(() => {
    void connections().then((count) => samples.push({ at: Date.now(), rss: instances.map((instance) => instance.rssMb()), connections: count }));
  }, 2_000);
  const trafficStarted = Date.now();
  const traffic = await runTraffic(instances, sessions, targets, trafficStarted + duration * 1000);
  clearInterval(sampler);
  clearInterval(refill);
  const trafficSeconds = (Date.now() - trafficStarted) / 1000;

  const afterWarmUp = samples.filter((sample) => sample.at >= trafficStarted + warmUpSeconds * 1000);
  const window = Math.max(3, Math.floor(afterWarmUp.length / 5));
  const rssWarm = instances.map((_, index) => mean(afterWarmUp.slice(0, window).map((sample) => sample.rss[index]!)));
  const rssEnd = instances.map((_, index) => mean(afterWarmUp.slice(-window).map((sample) => sample.rss[index]!)));
  const rssPeak = instances.map((_, index) => Math.max(...samples.map((sample) => sample.rss[index]!)));
  const connectionsPeak = Math.max(connectionsStart, ...samples.map((sample) => sample.connections));

  streams.closeAll();
  // The servers see the streams' sockets close: their subscriptions and places go with them.
  let hubsEnd = await Promise.all(instances.map((instance) => instance.health()));
  for (let wait = 0; wait < 50 && hubsEnd.some((health) => health.live.streams + health.live.subscriptions > 0); wait++) {
    await sleep(100);
    hubsEnd = await Promise.all(instances.map((instance) => instance.health()));
  }
  const connectionsEnd = await connections();
  const exitCodes = await Promise.all(instances.map((instance) => instance.stop()));
  await sleep(500);
  const connectionsAfterStop = await connections();

  const growthLimits = rssWarm.map((warm) => Math.max(RSS_GROWTH_LIMIT.mb, Math.round(warm * RSS_GROWTH_LIMIT.ratio)));
  const errorLines = instances.flatMap((instance) => instance.errorLines);
  const checks: [string, boolean][] = [
    ["no failed request or error answer", traffic.errors === 0],
    ["no live stream lost", streams.failures.length === 0],
    ["no error logged by the servers", errorLines.length === 0],
    ...instances.map((instance, index): [string, boolean] => [
      judgeMemory
        ? `${instance.name}: memory flat after the warm-up (grew ${rssEnd[index]! - rssWarm[index]!} MB, at most ${growthLimits[index]} MB)`
        : `${instance.name}: memory grew ${rssEnd[index]! - rssWarm[index]!} MB after the warm-up — not judged, a run under 5 minutes`,
      !judgeMemory || rssEnd[index]! - rssWarm[index]! <= growthLimits[index]!,
    ]),
    [`database connections bounded (${connectionsPeak} at most, pools allow ${CONNECTIONS_BOUND})`, connectionsPeak <= CONNECTIONS_BOUND],
    [`no database connection left once stopped (${connectionsAfterStop}, this script's own: 1)`, connectionsAfterStop <= 1],
    ["live hubs back to 0 streams and 0 subscriptions", hubsEnd.every((health) => health.live.streams === 0 && health.live.subscriptions === 0)],
    ["instances stopped cleanly (exit 0)", exitCodes.every((code) => code === 0)],
  ];
  failed = checks.some(([, ok]) => !ok);

  const sorted = [...traffic.latencies].sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  const rows = [
    ["duration", `${trafficSeconds.toFixed(0)} s of traffic (warm-up ${warmUpSeconds} s), ${WORKERS} concurrent visitors, 2 instances`],
    ["requests", `${traffic.requests.toLocaleString("en")} (${(traffic.requests / trafficSeconds).toFixed(1)}/s; p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms)`],
    ...Object.entries(traffic.byKind).map(([kind, count]) => [`— ${kind}`, count.toLocaleString("en")]),
    ["errors", `${traffic.errors} requests, ${streams.failures.length} streams, ${errorLines.length} server log lines`],
    ["live streams", `${STREAMS} open throughout (${hubsLoaded.map((health) => health.live.streams).join(" + ")}), ${streams.events().toLocaleString("en")} change events received`],
    ...instances.map((instance, index) => [
      `${instance.name} RSS (MB)`,
      `start ${rssStart[index]}, after warm-up ${rssWarm[index]}, end ${rssEnd[index]}, peak ${rssPeak[index]}`,
    ]),
    ...instances.map((instance, index) => [
      `${instance.name} RSS over time (MB)`,
      timeline(samples.map((sample) => sample.rss[index]!)).join(" → "),
    ]),
    ["database connections", `start ${connectionsStart}, peak ${connectionsPeak}, end ${connectionsEnd}, after stop ${connectionsAfterStop}`],
    ["live hubs at the end", hubsEnd.map((health) => `${health.live.streams} streams, ${health.live.subscriptions} subscriptions`).join("; ")],
  ];
  const commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
  const report = [
    `# Soak — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Commit ${commit}, Node ${process.version}, ${os.cpus().length} CPUs, shared with other jobs. PostgreSQL database ${databaseName} (dropped after).`,
    "",
    "| figure | value |",
    "|---|---|",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    "",
    ...checks.map(([name, ok]) => `- ${ok ? "✓" : "✗"} ${name}`),
    ...(traffic.samples.length + streams.failures.length + errorLines.length > 0
      ? ["", "First errors:", "", ...[...traffic.samples, ...streams.failures.slice(0, 5), ...errorLines.slice(0, 5)].map((line) => `    ${line}`)]
      : []),
    "",
  ].join("\n");
  console.log(report);
  const file = path.join(root, "bench/results", full ? `${new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-")}-soak.md` : "soak.md.tmp");
  writeFileSync(file, report);
  log(`report: ${path.relative(root, file)}; ${failed ? "FAILED" : "passed"}`);
} finally {
  for (const instance of instances) await instance.stop();
  await monitor.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
