/**
 * The production server as the benchmarks run it (scripts/bench-server.ts, scripts/profile-render.ts): a
 * dataset loaded by bench:data, the server started on it and waited for, members signed in, and probe
 * requests whose log lines give the SQL statements they ran (the `queries` field).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { gzipSync } from "node:zlib";
import { benchServerEnv, root } from "../support/production-build.mjs";
import { BENCH_PASSWORD, type ScaleName } from "./scales";

const log = (message: string) => console.error(`[bench] ${message}`);

/** Loads a dataset with bench:data (`target`: its database options); answers how long it took. */
export function loadDataset(scale: ScaleName, target: string[]): string {
  log(`loading the ${scale} dataset (${target.join(" ")})`);
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-data.ts", "--scale", scale, ...target], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`bench:data ${scale} failed`);
  const summary = JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}") as { seconds: number };
  return `${summary.seconds} s`;
}

export type BenchServer = {
  base: string;
  process: ChildProcess;
  /** The SQL statement count of each probe request, by request id. */
  queries: Map<string, number>;
  stop: () => Promise<void>;
};

/** Starts the production server on `port`; `nodeOptions` go to Node before the server's module (a profiler's flags). */
export async function startServer(
  port: number,
  env: Record<string, string>,
  nodeOptions: string[] = [],
  { afterFirstJobRuns = false }: { afterFirstJobRuns?: boolean } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeOptions, "--import", "tsx", "http/main.ts"], {
    cwd: root,
    // The load comes from one address: the public API's per-address limit (decision 0036) must not turn it into 429s.
    env: benchServerEnv(port, { DEMO_CONTENT: "never", API_REQUESTS_PER_MINUTE: "1000000", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The server's own stderr (Node warnings), each distinct line once.
  const seen = new Set<string>();
  readline.createInterface({ input: child.stderr! }).on("line", (text) => {
    const key = text.replace(/\(node:\d+\)/, "");
    if (seen.has(key)) return;
    seen.add(key);
    console.error(`[server stderr] ${text}`);
  });
  const queries = new Map<string, number>();
  // The background jobs' first runs (decisions 0078, 0079) start with the server: seconds of work, which the pages
  // would share. A measuring run (`afterFirstJobRuns`) starts once they are over, so that it measures the server as it
  // runs between two of the jobs' runs: after the rankings job's first run (at start) and the tastes job's (a minute
  // later, or its notice that it leaves a large site to its own process).
  let rankingsJobRan: () => void = () => {};
  let tastesJobRan: () => void = () => {};
  const firstRankingsRun = new Promise<void>((resolve) => (rankingsJobRan = resolve));
  const firstTastesRun = new Promise<void>((resolve) => (tastesJobRan = resolve));
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    if (text.includes('"rankings job ran"') || text.includes('"rankings job failed"')) rankingsJobRan();
    if (text.includes('"tastes job ran"') || text.includes('"tastes job failed"') || text.includes("the tastes job runs in its own process")) tastesJobRan();
    if (text.includes('"level":50') || text.includes('"level":60') || (process.env.BENCH_VERBOSE && text.includes('"level":40'))) console.error(`[server] ${text.slice(0, 600)}`);
    if (!text.includes('"bench-')) return; // only the probes' lines matter; skip parsing the load's
    try {
      const entry = JSON.parse(text) as { req?: { id?: string }; queries?: number };
      if (entry.req?.id && typeof entry.queries === "number") queries.set(entry.req.id, entry.queries);
    } catch {
      // Not a JSON log line.
    }
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 400) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  if (afterFirstJobRuns) await Promise.race([Promise.all([firstRankingsRun, firstTastesRun]), new Promise((resolve) => setTimeout(resolve, 180_000))]);
  return {
    base,
    process: child,
    queries,
    stop: async () => {
      // autocannon drops its connections at the end: let the requests they left running finish first.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A bench member's session cookie (the members of scripts/bench/scales.ts with BENCH_PASSWORD). */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

let probeNumber = 0;
/** A few requests outside the load, tagged so that their log lines give the SQL statement count; the last one's figures. */
export async function probe(server: BenchServer, url: string, init: RequestInit = {}) {
  let last = { status: 0, bytes: 0, gzipBytes: 0, queries: undefined as number | undefined };
  for (let run = 0; run < 3; run++) {
    const id = `bench-${++probeNumber}`;
    const response = await fetch(`${server.base}${url}`, { ...init, headers: { ...(init.headers as Record<string, string>), "x-request-id": id } });
    const body = Buffer.from(await response.arrayBuffer());
    for (let wait = 0; wait < 100 && !server.queries.has(id); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    last = { status: response.status, bytes: body.length, gzipBytes: gzipSync(body).length, queries: server.queries.get(id) };
  }
  return last;
}
