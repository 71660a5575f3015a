#!/usr/bin/env node
/**
 * `npm test`: the linter (ESLint, then knip for unused code), the type check, unit tests,
 * integration tests on PGlite and on PostgreSQL, then
 * the production build, smoke runs of the server benchmark, the soak (on PostgreSQL) and page-speed benchmarks
 * (the latter fails when a page's first-load JavaScript is over budget), the
 * durability smoke run (SIGKILL under writes), the database outage test, the
 * fuzz suite (hostile requests, on PostgreSQL) and
 * the browser tests in Chromium. Ends with one
 * "N passed, N failed" line over all suites.
 *
 * PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * When it cannot be reached the PostgreSQL suite is skipped with a warning,
 * except under CI=true where that is a failure.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
const ci = process.env.CI === "true" || process.env.CI === "1";
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const postgresUrl = new URL(process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const postgresReachable = await new Promise((resolve) => {
  const socket = net.connect({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
  socket.setTimeout(2000);
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
  socket.once("timeout", () => (socket.destroy(), resolve(false)));
});

let passed = 0;
let failed = 0;
let broken = false;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) broken = true;
  return result.status === 0;
}

// The linter counts as one check: the layers' import rules, React's hook rules, accessibility, unused code.
if (run("Lint (ESLint, knip)", "npm", ["run", "--silent", "lint"])) passed += 1;
else failed += 1;

if (run("Type check", "npx", ["react-router", "typegen"])) run("Type check", "npx", ["tsc"]);

const projects = ["unit", "integration-pglite"];
if (postgresReachable) {
  projects.push("integration-postgres");
} else if (ci) {
  console.error(`PostgreSQL is not reachable at ${postgresUrl.host}: the PostgreSQL suite cannot run.`);
  failed += 1;
  broken = true;
} else {
  console.warn(`⚠ PostgreSQL is not reachable at ${postgresUrl.host}: skipping the PostgreSQL integration suite.`);
}

const vitestReport = path.join(results, "vitest.json");
run("Unit and integration tests (Vitest)", "npx", [
  "vitest",
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

if (run("Production build", "npx", ["react-router", "build"])) {
  // Keeps the benchmark scripts working: small synthetic data, a few seconds per page, fails on any error.
  run("Benchmark smoke run", process.execPath, ["--import", "tsx", "scripts/bench-server.ts", "--smoke"]);
  // Two production instances on a throwaway PostgreSQL database: a minute of mixed traffic and 200 live streams (decision 0029).
  if (postgresReachable) run("Soak smoke run", process.execPath, ["--import", "tsx", "scripts/soak.ts", "--duration=60"]);
  // SIGKILLs under member writes, on PGlite and PostgreSQL: no acknowledged write lost, aggregates as recomputed; then SIGTERM's order.
  run("Durability smoke run", process.execPath, ["--import", "tsx", "scripts/durability.ts", "--smoke"]);
  // A private PostgreSQL stopped and started under the server: 503 pages with Retry-After, /healthz, recovery.
  run("Database outage test", process.execPath, ["--import", "tsx", "scripts/database-outage.ts"]);
  // Lighthouse once on the home, and the first-load JavaScript of every public route against its 105 KB budget (decision 0065).
  run("Page-speed smoke run", process.execPath, ["scripts/bench-speed.mjs", "--smoke"]);
  // 2,200 hostile requests to every page action and JSON endpoint: needs PostgreSQL to see each row a request writes.
  if (postgresReachable) run("Fuzz suite (hostile requests)", process.execPath, ["--import", "tsx", "scripts/fuzz.ts"]);
  run("Browser tests (Playwright, Chromium)", "npx", ["playwright", "test"]);
  const e2eReport = path.join(results, "e2e-report.json");
  if (existsSync(e2eReport)) {
    const stats = JSON.parse(readFileSync(e2eReport, "utf8")).stats;
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
  }
}

if (broken && failed === 0) failed = 1; // A suite that crashed before reporting still fails the run.
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
