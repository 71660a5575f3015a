/**
 * Page-speed benchmark (docs/rules/quality.md#first-load-javascript, docs/rules/quality.md#lighthouse): builds the site when the build is
 * missing or older than the sources, serves it on a fresh embedded database
 * with the demo content, runs Lighthouse (mobile, default simulated
 * throttling) on the home, a park, an attraction and the rankings pages, and
 * measures the first-load JavaScript (every script the page preloads or
 * loads, gzip -9) of each public route. Prints a table and writes
 * bench/results/speed-YYYY-MM-DD.md with the medians, the failing
 * accessibility / best-practices / SEO audits and each page's chunks.
 *
 *   npm run bench:speed                # 3 Lighthouse runs per page, writes the report
 *   npm run bench:speed -- --runs 5    # more runs
 *   npm run bench:speed -- --smoke     # 1 Lighthouse run on the home, JS of every route, no report (CI)
 *   npm run bench:speed -- --port 3298 # the port of the throwaway server (default 3298)
 *   npm run bench:speed -- --js-only   # first-load JavaScript only, no Lighthouse, no report
 *
 * Lighthouse's simulated throttling scales the CPU time it observes: run it on
 * an idle machine, and compare reports taken on the same machine. The exit
 * code is 1 when a route's first-load JavaScript is over the 105 KB budget
 * (decision 0065): bytes, unlike timings, do not depend on the machine, so
 * `npm test` checks them.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchServerEnv, buildIfStale, root } from "./support/production-build.mjs";

const smoke = process.argv.includes("--smoke");
const jsOnly = process.argv.includes("--js-only");
const runsArgument = process.argv.indexOf("--runs");
const runs = smoke ? 1 : Number(runsArgument > 0 ? process.argv[runsArgument + 1] : 3) || 3;
const portArgument = process.argv.indexOf("--port");
const port = Number(portArgument > 0 ? process.argv[portArgument + 1] : 3298) || 3298;
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const startedAt = performance.now();
// TBT is measured CPU time × 4: other work on the machine inflates it. Recorded in the report.
const loadAtStart = os.loadavg()[0].toFixed(1);

// ---------------------------------------------------------------- server

function startServer(dataDir) {
  return spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
    cwd: root,
    env: benchServerEnv(port, { DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "always", LOG_LEVEL: "warn" }),
    // The JSON log (stdout) is not needed; errors such as EADDRINUSE are also on stdout, hence the exit check.
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Another process answering on our port would be measured instead of our build: refuse to start. */
async function assertPortFree() {
  const answered = await fetch(`${base}/healthz`).then(() => true, () => false);
  if (answered) throw new Error(`port ${port} is already in use: stop that server or pass --port N`);
}

async function waitForHealth(server) {
  for (let attempt = 0; attempt < 480; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering: is port ${port} in use?`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not start");
}

async function getHtml(url, cookie) {
  const response = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function signIn(email) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "Parcours2026" }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/**
 * Every script a first visit loads (module preloads, module scripts, the entry's
 * imports), each gzip -9 (the budget's measure), and the bytes the server
 * actually sends a browser that accepts Brotli.
 */
async function firstLoadJs(html) {
  const sources = new Set();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\(|[^"']*from\s*)["'](\/assets\/[^"']+)["']/g)) sources.add(match[1]);
  const files = [];
  for (const source of sources) {
    const response = await fetch(`${base}${source}`, { headers: { "accept-encoding": "br, gzip" } });
    const body = Buffer.from(await response.arrayBuffer());
    const sent = response.headers.get("content-encoding") ? Number(response.headers.get("content-length")) : body.length;
    files.push({ file: source.replace(/^\/assets\//, ""), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, sent });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const total = (key) => files.reduce((sum, file) => sum + file[key], 0);
  return { files, gzip: total("gzip"), sent: total("sent") };
}

// ---------------------------------------------------------------- lighthouse

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["FCP", "first-contentful-paint", "s"],
  ["LCP", "largest-contentful-paint", "s"],
  ["TBT", "total-blocking-time", "ms"],
  ["CLS", "cumulative-layout-shift", ""],
  ["SI", "speed-index", "s"],
];

async function runLighthouse(chromePort, url, cookie) {
  const extraHeaders = cookie ? { Cookie: cookie } : undefined;
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new TraceError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failing = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[ref.id];
      const counted = category === "performance" ? ref.weight > 0 || ref.group === "diagnostics" : ref.weight > 0;
      if (counted && audit.score !== null && audit.score < (category === "performance" ? 0.9 : 1)) {
        failing.push({ category, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? "", items: auditItems(audit) });
      }
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)])),
    metrics: Object.fromEntries(METRICS.map(([name, id]) => [name, lhr.audits[id].numericValue])),
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
  };
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): try again, twice. */
/** Lighthouse ran but could not record the page load (a busy machine), as opposed to a broken script. */
class TraceError extends Error {}

async function runLighthouseWithRetries(chromePort, url, cookie) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(chromePort, url, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`${error.message}: trying again\n`);
    }
  }
}

/** A short description of what an audit flagged (elements or URLs), for the report. */
function auditItems(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 4).map((item) => {
    const node = item.node ?? item.subItems?.items?.[0]?.relatedNode;
    if (node?.snippet) return node.snippet.slice(0, 140);
    if (item.url) return String(item.url).replace(base, "");
    if (item.source?.url) return `${String(item.source.url).replace(base, "")} ${item.description ?? ""}`.trim();
    if (item.description) return String(item.description).slice(0, 140);
    return JSON.stringify(item).slice(0, 140);
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function formatMetric(value, unit) {
  if (unit === "s") return `${(value / 1000).toFixed(2)} s`;
  if (unit === "ms") return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

// ---------------------------------------------------------------- main

buildIfStale();
await assertPortFree();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-speed-"));
const server = startServer(dataDir);
let chrome;
let exitCode = 0;
try {
  await waitForHealth(server);
  const parkHtml = await getHtml("/fr/parc-asterix");
  const ridePath = /href="(\/fr\/parc-asterix\/[a-z0-9-]+)"/.exec(parkHtml)?.[1];
  const profilePath = /href="(\/fr\/profile\/[A-Za-z0-9_-]+)"/.exec(parkHtml)?.[1];
  if (!ridePath || !profilePath) throw new Error("no attraction or profile link on /fr/parc-asterix");

  const member = await signIn("tom@demo.parcours.local");
  // A member's park page is the shared page with their own slots (decision 0064): measured as they get it.
  const lighthousePages = [
    ["home", "/fr"],
    ["park", "/fr/parc-asterix"],
    ["park (signed in)", "/fr/parc-asterix", member],
    ["attraction", ridePath],
    ["rankings", "/fr/rankings"],
  ].slice(0, jsOnly ? 0 : smoke ? 1 : undefined);

  if (lighthousePages.length) chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // One warm-up request per page so that no run pays the server's first render.
  for (const [, url, cookie] of lighthousePages) await getHtml(url, cookie);

  const lighthouseResults = [];
  for (const [name, url, cookie] of lighthousePages) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      let sample;
      try {
        sample = await runLighthouseWithRetries(chrome.port, `${base}${url}`, cookie);
      } catch (error) {
        // In CI the smoke run must not fail because the machine was too busy to record a trace.
        if (!(smoke && error instanceof TraceError)) throw error;
        process.stderr.write(`warning: ${error.message}, three times: no Lighthouse figures this run\n`);
        continue;
      }
      samples.push(sample);
      process.stderr.write(`lighthouse ${name} run ${run + 1}/${runs}: perf ${sample.scores.performance}\n`);
    }
    if (samples.length === 0) continue;
    const failing = new Map();
    for (const sample of samples) for (const audit of sample.failing) failing.set(`${audit.category}/${audit.id}`, audit);
    lighthouseResults.push({
      name,
      url,
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(samples.map((s) => s.scores[category]))])),
      metrics: Object.fromEntries(METRICS.map(([metric]) => [metric, median(samples.map((s) => s.metrics[metric]))])),
      perfRange: [Math.min(...samples.map((s) => s.scores.performance)), Math.max(...samples.map((s) => s.scores.performance))],
      benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
      lcpElement: samples[0].lcpElement,
      failing: [...failing.values()],
    });
  }

  const routes = [
    ["home", "/fr", null],
    ["park", "/fr/parc-asterix", null],
    ["park (signed in)", "/fr/parc-asterix", member],
    ["attraction", ridePath, null],
    ["rankings", "/fr/rankings", null],
    ["map", "/fr/map", null],
    ["duels (signed in)", "/fr/duels", member],
    ["contact", "/fr/contact", null],
    ["terms", "/fr/terms", null],
    ["login", "/fr/login", null],
    ["signup", "/fr/signup", null],
    ["contribute (signed in)", "/fr/contribute", member],
    ["profile (public)", profilePath, null],
  ];
  const jsResults = [];
  for (const [name, url, cookie] of routes) jsResults.push({ name, url, ...(await firstLoadJs(await getHtml(url, cookie))) });

  // ------------------------------------------------------------ output
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const lines = [];
  lines.push("| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | SI | perf min–max |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const result of lighthouseResults) {
    lines.push(
      `| ${result.name} \`${result.url}\` | ${CATEGORIES.map((category) => result.scores[category]).join(" | ")} | ${METRICS.map(([metric, , unit]) => formatMetric(result.metrics[metric], unit)).join(" | ")} | ${result.perfRange.join("–")} |`,
    );
  }
  const budgetKb = 105;
  const budget = budgetKb * 1024;
  const jsLines = [`| route | first-load JS (gzip) | sent (Brotli) | files | budget ${budgetKb} KB |`, "|---|---:|---:|---:|---|"];
  for (const result of jsResults) {
    const verdict = result.gzip > budget ? `**over by ${kb(result.gzip - budget)} KB**` : `ok, ${kb(budget - result.gzip)} KB to spare`;
    jsLines.push(`| ${result.name} \`${result.url}\` | ${kb(result.gzip)} KB | ${kb(result.sent)} KB | ${result.files.length} | ${verdict} |`);
  }
  // What a member's park page loads after its first load (docs/rules/quality.md#members-code-stays-out): the plan's lazy chunk, then the service worker.
  const memberExtras = [];
  for (const file of readdirSync(path.join(root, "build/client/assets")).filter((name) => /^visit-plan-editor-[\w-]+\.js$/.test(name))) {
    memberExtras.push([`members' plan chunk (lazy) \`${file}\``, readFileSync(path.join(root, "build/client/assets", file))]);
  }
  memberExtras.push(["service worker `/sw.js`", readFileSync(path.join(root, "build/client/sw.js"))]);
  for (const [name, body] of memberExtras) jsLines.push(`| ${name} | ${kb(gzipSync(body, { level: 9 }).length)} KB | ${kb(body.length)} KB raw | 1 | — |`);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  console.log(`\nLighthouse ${runs === 1 ? "(1 run)" : `(median of ${runs} runs)`}, mobile, simulated throttling\n`);
  console.log(lines.join("\n"));
  console.log("\n" + jsLines.join("\n"));
  for (const result of lighthouseResults) {
    for (const audit of result.failing.filter((a) => a.category !== "performance")) {
      console.log(`FAIL ${result.name}: ${audit.category} ${audit.id} — ${audit.title}`);
    }
  }
  console.log(`\n${seconds} s in all`);
  const overBudget = jsResults.filter((result) => result.gzip > budget);
  for (const result of overBudget) console.error(`OVER BUDGET: ${result.name} loads ${kb(result.gzip)} KB of JavaScript (gzip), more than ${budgetKb} KB`);
  if (overBudget.length) exitCode = 1;

  if (!smoke && !jsOnly) {
    const today = new Date().toISOString().slice(0, 10);
    const report = [];
    report.push(`# Page speed — ${today}`, "");
    report.push(
      `\`npm run bench:speed\`: production build on a fresh PGlite with the demo content, Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version} (mobile, simulated slow 4G, 4× CPU), Chromium \`${chromePath}\`, median of ${runs} runs per page; Node ${process.version}, ${os.cpus().length} CPUs, Lighthouse benchmark index ${Math.round(median(lighthouseResults.map((r) => r.benchmarkIndex)))}, load average at the start ${loadAtStart}. Took ${seconds} s.`,
      "",
    );
    report.push("## Lighthouse", "", ...lines, "");
    report.push("Budget (docs/rules/quality.md#lighthouse): performance ≥ 98; accessibility, best practices, SEO 100.", "");
    report.push("### Audits below 1 (accessibility, best practices, SEO) in any run", "");
    let anyFailing = false;
    for (const result of lighthouseResults) {
      for (const audit of result.failing.filter((a) => a.category !== "performance")) {
        anyFailing = true;
        report.push(`- **${result.name}** — ${audit.category} \`${audit.id}\`: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        for (const item of audit.items) report.push(`  - \`${item.replaceAll("`", "'").replaceAll("\n", " ")}\``);
      }
    }
    if (!anyFailing) report.push("None.");
    report.push("", "### Performance audits below 0.9 in any run", "");
    for (const result of lighthouseResults) {
      const perf = result.failing.filter((a) => a.category === "performance");
      report.push(`- **${result.name}** (LCP element: \`${result.lcpElement.replaceAll("`", "'").slice(0, 120)}\`): ${perf.length ? perf.map((a) => `\`${a.id}\`${a.displayValue ? ` (${a.displayValue})` : ""}`).join(", ") : "none"}`);
    }
    report.push("", "## First-load JavaScript (gzip -9)", "", ...jsLines, "");
    report.push("### Chunks per route", "");
    for (const result of jsResults) {
      report.push(`- **${result.name}** (${kb(result.gzip)} KB): ${result.files.map((file) => `${file.file} ${kb(file.gzip)}`).join(", ")}`);
    }
    report.push("");
    const directory = path.join(root, "bench/results");
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `speed-${today}.md`);
    writeFileSync(file, report.join("\n"));
    console.log(`report: ${path.relative(root, file)}`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (chrome) await chrome.kill();
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
