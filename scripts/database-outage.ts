/**
 * "Database outage" (decision 0026), on a real PostgreSQL of the test's own
 * (scripts/outage/private-postgres.ts): the production server runs on it,
 * PostgreSQL is stopped as in a crash, and then every page must answer 503
 * with the translated "temporarily unavailable" page and Retry-After within
 * a few seconds, a signed-in visitor's too (the session lookup fails first),
 * and /healthz must say why; PostgreSQL is started again, and the site must
 * recover by itself, without a restart.
 *
 *   npm run outage      (needs the production build: `npx react-router build`)
 *
 * Without PostgreSQL's binaries (/usr/lib/postgresql/<version>/bin) it is
 * skipped with a warning, or fails under CI=true. Exits with 1 on any failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";
import { startServer } from "./durability/server-process";
import { createPrivatePostgres, findPostgresBinaries } from "./outage/private-postgres";

/** The fault scripts' ports: the app server in 6500–6599, private PostgreSQL servers in 6600–6699. */
const APP_PORT = 6541;
const POSTGRES_PORT = 6641;
/** "Not a hang past a few seconds": the slowest outage answer allowed. */
const ANSWER_BOUND_MS = 6_000;
/** How long PostgreSQL's return may take to show: its start, then the pool's next connection. */
const RECOVERY_BOUND_MS = 30_000;

const ci = process.env.CI === "true" || process.env.CI === "1";
const log = (message: string) => console.error(`[outage] ${message}`);
let failures = 0;
function expect(condition: boolean, what: string, detail = ""): void {
  if (condition) log(`✓ ${what}`);
  else {
    failures++;
    log(`✗ ${what}${detail ? `: ${detail}` : ""}`);
  }
}

const binaries = findPostgresBinaries();
if (!binaries) {
  if (ci) {
    console.error("[outage] PostgreSQL's binaries (/usr/lib/postgresql/<version>/bin) are missing: the outage test cannot run.");
    process.exit(1);
  }
  console.warn("[outage] ⚠ PostgreSQL's binaries (/usr/lib/postgresql/<version>/bin) are missing: skipping the database outage test.");
  process.exit(0);
}

async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: Math.round(performance.now() - started) };
}

const postgres = createPrivatePostgres(binaries, POSTGRES_PORT);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-outage-"));
try {
  postgres.start();
  const server = await startServer(APP_PORT, { DATABASE_URL: postgres.url, DATA_DIR: dataDir }, "outage");
  try {
    expect((await timed(`${server.base}/fr`)).status === 200, "the home page answers 200 while PostgreSQL runs");

    postgres.stop();
    log("PostgreSQL stopped (immediate)");
    // A signed-in visitor's cookie makes the session lookup, before any loader, the first query to fail. The visitors'
    // pages are ones not asked for before the outage: /fr is kept as rendered (decision 0030) and may still be answered
    // from memory for a few seconds, which is not what this checks.
    const cases = [
      { url: "/fr/parc-asterix", init: {}, title: fr.errors.unavailableTitle, who: "a visitor's French page" },
      { url: "/en", init: {}, title: en.errors.unavailableTitle, who: "a visitor's English page" },
      { url: "/fr", init: { headers: { cookie: "parcours.session_token=outage.test" } }, title: fr.errors.unavailableTitle, who: "a member's page" },
    ];
    for (const { url, init, title, who } of cases) {
      const answer = await timed(`${server.base}${url}`, init);
      expect(answer.status === 503, `${who} answers 503`, `${answer.status} ${answer.text.slice(0, 200)}`);
      expect(answer.ms <= ANSWER_BOUND_MS, `${who} answers within ${ANSWER_BOUND_MS} ms (${answer.ms} ms)`);
      expect(Number(answer.headers.get("retry-after")) > 0, `${who} carries Retry-After`);
      expect(answer.text.includes(`<h1>${title}</h1>`), `${who} says "${title}"`);
    }
    // A navigation inside the site (its data request) loads the page again as a document, which is the 503 above.
    const navigation = await timed(`${server.base}/fr/parc-asterix.data`);
    expect(navigation.status === 202 && /reload/.test(navigation.text) && navigation.text.includes("/fr/parc-asterix"), "a navigation's data request asks the browser to load the page as a document", `${navigation.status} ${navigation.text.slice(0, 200)}`);
    expect(navigation.ms <= ANSWER_BOUND_MS, `a navigation's data request answers within ${ANSWER_BOUND_MS} ms (${navigation.ms} ms)`);
    // Endpoints answer the outage in JSON.
    for (const endpoint of ["/api/search?q=ast", "/sitemap.xml", "/api/auth/get-session"]) {
      const answer = await timed(`${server.base}${endpoint}`);
      expect(answer.status === 503 && Number(answer.headers.get("retry-after")) > 0, `${endpoint} answers 503 with Retry-After`, `${answer.status} ${answer.text.slice(0, 200)}`);
      expect(answer.ms <= ANSWER_BOUND_MS, `${endpoint} answers within ${ANSWER_BOUND_MS} ms (${answer.ms} ms)`);
    }
    // Each failed connection lengthens the driver's wait before the next one: after many, answers must still be quick.
    const repeated = [];
    for (let request = 0; request < 30; request += 1) repeated.push((await timed(`${server.base}/fr/parc-asterix`)).ms);
    expect(Math.max(...repeated) <= ANSWER_BOUND_MS, `30 page views in a row during the outage each answer within ${ANSWER_BOUND_MS} ms (slowest ${Math.max(...repeated)} ms)`);
    const health = await timed(`${server.base}/healthz`);
    const report = JSON.parse(health.text) as { status?: string; reason?: string };
    expect(health.status === 503 && report.status === "unavailable" && Boolean(report.reason), "/healthz answers 503 with the reason", health.text);

    postgres.start();
    log("PostgreSQL started again");
    const deadline = performance.now() + RECOVERY_BOUND_MS;
    // A page never rendered before: a kept one would answer 200 without the database.
    let page = await timed(`${server.base}/fr/rankings`);
    while (page.status !== 200 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      page = await timed(`${server.base}/fr/rankings`);
    }
    expect(page.status === 200, "a page never rendered before answers 200 again, without a restart", String(page.status));
    expect((await timed(`${server.base}/healthz`)).status === 200, "/healthz answers 200 again");
  } finally {
    await server.kill("SIGTERM");
  }
} finally {
  postgres.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
log(failures === 0 ? "passed" : `${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
