/**
 * The soak's server instances: the production build started as `npm run serve`
 * would start it, on a port of 7500–7599, with its resident memory read from
 * /proc and its error log lines counted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import readline from "node:readline";
import { benchServerEnv, root } from "../support/production-build.mjs";

export type Instance = {
  name: string;
  base: string;
  process: ChildProcess;
  /** Log lines at level error or fatal, and the server's own stderr lines. */
  errorLines: string[];
  rssMb: () => number;
  health: () => Promise<{ live: { streams: number; subscriptions: number } }>;
  stop: () => Promise<number | null>;
};

async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The first free port of the range, from `from` up (the machine's other runs use other ranges). */
export async function freePortFrom(from: number, below = 7600): Promise<number> {
  for (let port = from; port < below; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}–${below - 1}`);
}

export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
    cwd: root,
    env: benchServerEnv(port, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errorLines: string[] = [];
  readline.createInterface({ input: child.stderr! }).on("line", (text) => {
    // Node prints a few known warnings on start (experimental features); anything else counts.
    if (!/ExperimentalWarning|--trace-warnings/.test(text)) errorLines.push(`[${name} stderr] ${text}`);
  });
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    if (text.includes('"level":50') || text.includes('"level":60')) errorLines.push(`[${name}] ${text.slice(0, 800)}`);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited while starting:\n${errorLines.join("\n")}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 600) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    base,
    process: child,
    errorLines,
    rssMb: () => {
      const line = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
    },
    health: async () => (await (await fetch(`${base}/healthz`)).json()) as { live: { streams: number; subscriptions: number } },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
