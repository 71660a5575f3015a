/**
 * "No acknowledged write lost" (decision 0026). On PGlite (a throwaway
 * DATA_DIR) and on a throwaway database of the PostgreSQL server: the
 * production server on the demo content, members rating parks and rides,
 * voting on reviews and contributing rides concurrently, the server killed
 * with SIGKILL at random moments and started again on the same data; at the
 * end, every write that got a success answer must be in the database and
 * every maintained aggregate must equal its recomputation from the rows.
 * Then the graceful shutdown's order (scripts/durability/shutdown-order.ts).
 * Prints a table per database; exits with 1 on any loss or mismatch.
 *
 *   npm run durability                 8 kills per database
 *   npm run durability -- --smoke      3 kills per database (CI, under a minute each)
 *   npm run durability -- --kills 20 --databases pglite
 *
 * Needs the production build (`npx react-router build`). PostgreSQL:
 * DURABILITY_POSTGRES_URL, else TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * unreachable, it is skipped with a warning, or fails under CI=true.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { DatabaseLocation } from "~/server/db/database";
import { startServer, type ServerProcess } from "./durability/server-process";
import { checkShutdownOrder } from "./durability/shutdown-order";
import { prepareDatabase, type Targets } from "./durability/targets";
import { verify, type Verdict } from "./durability/verify";
import { startWriteLoad, type Ledger, type LoadCounts } from "./durability/write-load";

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const smoke = argv.includes("--smoke");
const kills = Number(option("kills") ?? (smoke ? 3 : 8));
const databases = (option("databases") ?? "pglite,postgres").split(",");
const ci = process.env.CI === "true" || process.env.CI === "1";
/** The fault scripts' own ports (6500–6599), away from the other tests' servers. */
const PORT = Number(option("port") ?? 6531);
const postgresServer = process.env.DURABILITY_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The demo's members sign in at most this many times (better-auth allows 150 sign-ins per 5 minutes from one address). */
const WRITERS = smoke ? 12 : 30;
/** Success answers each server gives before it may be killed: a kill lands under write load, not during a start. */
const WRITES_BEFORE_KILL = smoke ? 10 : 25;

const log = (message: string) => console.error(`[durability] ${message}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Run = { database: string; kills: number; seconds: number; counts: LoadCounts; verdict: Verdict };

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "Parcours2026" }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Waits until the writers got `count` more success answers from the server of the moment (or a minute went by). */
async function acknowledgedMore(counts: LoadCounts, count: number) {
  const target = counts.acknowledged + count;
  const deadline = performance.now() + 60_000;
  while (counts.acknowledged < target && performance.now() < deadline) await pause(50);
}

/**
 * Writes under load and `kills` SIGKILLs, each once the server of the moment has
 * acknowledged a few writes and then at a random moment within the next 1.5 s,
 * each followed by a restart on the same data; then a clean stop.
 */
async function killUnderLoad(label: string, env: Record<string, string>, targets: Targets, ledger: Ledger) {
  let server: ServerProcess = await startServer(PORT, env, label);
  const sessions = [];
  for (const member of targets.members.slice(0, WRITERS)) {
    // A sign-in is not what is under test: a member refused one is left out, said, and the run goes on without.
    const cookie = await signIn(server.base, member.email).catch((error: unknown) => log(`${label}: ${(error as Error).message}`));
    if (cookie) sessions.push({ member, cookie });
  }
  if (sessions.length < WRITERS / 2) throw new Error(`${label}: only ${sessions.length} members could sign in`);
  log(`${label}: ${sessions.length} members signed in, writing`);
  const load = startWriteLoad(() => server.base, sessions, targets, ledger);
  for (let kill = 1; kill <= kills; kill++) {
    await acknowledgedMore(load.counts, WRITES_BEFORE_KILL);
    await pause(Math.random() * 1500);
    await server.kill("SIGKILL");
    log(`${label}: kill ${kill}/${kills} after ${load.counts.acknowledged} acknowledged writes; starting again`);
    server = await startServer(PORT, env, label);
  }
  await acknowledgedMore(load.counts, WRITES_BEFORE_KILL);
  await load.stop();
  const code = await server.kill("SIGTERM");
  if (code !== 0) throw new Error(`${label}: the last server stopped with ${code}`);
  return load.counts;
}

async function runOn(label: string, location: DatabaseLocation, env: Record<string, string>): Promise<Run & { targets: Targets }> {
  const started = performance.now();
  const targets = await prepareDatabase(location);
  log(`${label}: database ready (${Math.round((performance.now() - started) / 1000)} s)`);
  const ledger: Ledger = new Map();
  const counts = await killUnderLoad(label, env, targets, ledger);
  log(`${label}: load over, verifying (${Math.round((performance.now() - started) / 1000)} s)`);
  const verdict = await verify(location, ledger);
  for (const line of [...verdict.lost, ...verdict.aggregateMismatches].slice(0, 20)) log(`${label}: ${line}`);
  return { database: label, kills, seconds: Math.round((performance.now() - started) / 1000), counts, verdict, targets };
}

async function onPglite(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-durability-"));
  try {
    const run = await runOn("PGlite", { kind: "pglite", dataDir }, { DATA_DIR: dataDir });
    await checkShutdownOrder(PORT, { DATA_DIR: dataDir }, run.targets.parks[0]!.id);
    return run;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Run | null> {
  const admin = postgres(postgresServer, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const name = `parcours_durability_${process.pid}`;
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    if (ci) throw error;
    log(`⚠ PostgreSQL is not reachable at ${new URL(postgresServer).host}: skipping it (${(error as Error).message})`);
    return null;
  }
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-durability-"));
  try {
    return await runOn("PostgreSQL", { kind: "postgres", url: url.toString() }, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Run[] = [];
if (databases.includes("pglite")) runs.push(await onPglite());
if (databases.includes("postgres")) {
  const run = await onPostgres();
  if (run) runs.push(run);
}

console.log("\n| database | kills | writes sent | acknowledged | found | lost | refused | unanswered | aggregate mismatches | seconds |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const { database, kills: killed, seconds, counts, verdict } of runs) {
  const cells = [database, killed, counts.sent, verdict.acknowledged, verdict.found, verdict.lost.length, counts.refused, counts.unanswered];
  console.log(`| ${[...cells, verdict.aggregateMismatches.length, seconds].join(" | ")} |`);
}
const failed = runs.some(({ verdict }) => verdict.lost.length > 0 || verdict.aggregateMismatches.length > 0 || verdict.acknowledged === 0);
process.exit(failed ? 1 : 0);
