/**
 * Page benchmark (docs/rules/quality.md#page-weight): starts the production build on a fresh
 * embedded database with the demo content, then for each public page reports
 * the server time (median and p95 over repeated requests), the SQL statements
 * the request ran (from the server's log line) and the first-load JavaScript
 * (every script the page preloads, gzip -9). Then the writes: a park rating
 * posted through the page's form (median and p95) and the time until an open
 * live-update stream of that park hears of it.
 *
 *   npm run build && node scripts/bench-pages.mjs [--runs 30]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { gzipSync } from "node:zlib";
import { benchServerEnv } from "./support/production-build.mjs";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 30;
const port = 3299;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-bench-"));

const server = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
  env: benchServerEnv(port, { DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "always" }),
  stdio: ["ignore", "pipe", "inherit"],
});
const queriesByRequest = new Map();
readline.createInterface({ input: server.stdout }).on("line", (line) => {
  try {
    const entry = JSON.parse(line);
    if (entry.req?.id && typeof entry.queries === "number") queriesByRequest.set(entry.req.id, entry.queries);
  } catch {
    // Not a JSON log line: ignore it.
  }
});

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not start");
}

let requestNumber = 0;
async function timedGet(url, cookie) {
  const id = `bench-${++requestNumber}`;
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { "x-request-id": id, ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  return { id, ms: performance.now() - started, status: response.status, html };
}

async function queriesOf(id) {
  for (let attempt = 0; attempt < 50 && !queriesByRequest.has(id); attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
  return queriesByRequest.get(id);
}

/** Every script a first visit loads: module preloads, module scripts and the entry's imports. */
async function firstLoadJs(html) {
  const sources = new Set();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\(|[^"']*from\s*)["'](\/assets\/[^"']+)["']/g)) sources.add(match[1]);
  let gzipped = 0;
  for (const source of sources) gzipped += gzipSync(Buffer.from(await (await fetch(`${base}${source}`)).arrayBuffer()), { level: 9 }).length;
  return { files: sources.size, kilobytes: gzipped / 1024 };
}

/** The park's id, from the search suggestions (the page does not print it). */
async function parkIdFromSearch(name) {
  const suggestions = await (await fetch(`${base}/api/search?q=${name}`)).json();
  return suggestions.parks[0].id;
}

/** An SSE connection to /api/live; `nextChange` resolves with the time the first change event arrives. */
async function openLiveStream(parkId) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live?topic=park:${parkId}`, { signal: controller.signal });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const nextChange = (async () => {
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("live stream ended");
      text += decoder.decode(value, { stream: true });
      if (text.includes("event: change")) return performance.now();
    }
  })();
  nextChange.catch(() => {});
  return { nextChange, close: () => controller.abort() };
}

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
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

try {
  await waitForHealth();
  const park = await timedGet("/fr/parc-asterix");
  const ridePath = /href="(\/fr\/parc-asterix\/[a-z0-9-]+)"/.exec(park.html)?.[1];
  const member = await signIn("tom@demo.parcours.local");
  // Marie, the heaviest reviewer, has rated every park: her profile is the costliest one.
  const heavyProfilePath = /href="(\/fr\/profile\/[A-Za-z0-9_-]+)"[^>]*>Marie_Coaster</.exec(park.html)?.[1];
  const heavyMember = await signIn("marie@demo.parcours.local");
  const pages = [
    ["home", "/fr", null],
    ["home (filtered, sorted)", "/fr?country=France&sort=thrill", null],
    ["home (signed in)", "/fr", member],
    ["park", "/fr/parc-asterix", null],
    ["park (signed in)", "/fr/parc-asterix", member],
    ["attraction", ridePath, null],
    ["contribute (signed in)", "/fr/contribute", member],
    ["profile (heavy, public)", heavyProfilePath, null],
    ["profile (heavy, own)", "/fr/profile", heavyMember],
    ["profile (reviews by name)", `${heavyProfilePath}?sort=name-asc&page=3`, null],
    ["search suggestions", "/api/search?q=asteri", null],
  ];
  console.log(`runs per page: ${runs}\n`);
  console.log("page                         median ms   p95 ms   queries   HTML KB   first-load JS (gzip)");
  for (const [name, url, cookie] of pages) {
    for (let warm = 0; warm < 3; warm++) await timedGet(url, cookie);
    const samples = [];
    let last;
    for (let run = 0; run < runs; run++) {
      last = await timedGet(url, cookie);
      if (last.status !== 200) throw new Error(`${url}: ${last.status}`);
      samples.push(last.ms);
    }
    const queries = await queriesOf(last.id);
    const js = url.startsWith("/api/") ? null : await firstLoadJs(last.html);
    console.log(
      [
        name.padEnd(28),
        percentile(samples, 0.5).toFixed(1).padStart(9),
        percentile(samples, 0.95).toFixed(1).padStart(8),
        String(queries ?? "?").padStart(9),
        (Buffer.byteLength(last.html) / 1024).toFixed(1).padStart(9),
        js ? `   ${js.kilobytes.toFixed(1)} KB in ${js.files} files` : "   —",
      ].join(" "),
    );
  }

  console.log("\nwrite                        median ms   p95 ms");
  const parkId = await parkIdFromSearch("vulcania");
  const writes = [];
  const live = [];
  for (let run = 0; run < runs; run++) {
    const stream = await openLiveStream(parkId);
    const started = performance.now();
    const form = new FormData();
    form.set("thrill", String(1 + (run % 5)));
    form.set("visitDuration", "full_day");
    form.set("comment", `Mesure ${run}`);
    const response = await fetch(`${base}/fr/vulcania?intent=rate-park`, { method: "POST", body: form, headers: { cookie: member, origin: base } });
    if (!response.ok) throw new Error(`rating write: ${response.status}`);
    await response.text();
    writes.push(performance.now() - started);
    live.push((await stream.nextChange) - started);
    stream.close();
  }
  console.log(["park rating (POST, form)".padEnd(28), percentile(writes, 0.5).toFixed(1).padStart(9), percentile(writes, 0.95).toFixed(1).padStart(8)].join(" "));
  console.log(["live event after the POST".padEnd(28), percentile(live, 0.5).toFixed(1).padStart(9), percentile(live, 0.95).toFixed(1).padStart(8)].join(" "));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
