/**
 * The production server as the fault scripts run it: started on a data
 * location, waited for until /healthz answers, then killed (SIGKILL) or
 * stopped (SIGTERM). Its JSON log lines are kept, in order, for the checks
 * that read them; error lines are echoed so that a failure shows its cause.
 */
import { spawn } from "node:child_process";
import readline from "node:readline";
import { benchServerEnv, root } from "../support/production-build.mjs";

type LogLine = { msg?: string; level?: number; req?: { method?: string; url?: string }; res?: { statusCode?: number } };

export type ServerProcess = {
  base: string;
  /** Every JSON log line so far, in the order the server wrote them. */
  lines: LogLine[];
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
};

/** How long a start may take: loading the server's modules took over 30 s with both cores busy. */
const START_TIMEOUT_MS = 120_000;

export async function startServer(port: number, env: Record<string, string>, label: string): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], {
    cwd: root,
    env: benchServerEnv(port, { DEMO_CONTENT: "never", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    try {
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      if ((line.level ?? 0) >= 50) console.error(`[${label} server] ${text.slice(0, 800)}`);
    } catch {
      console.error(`[${label} server] ${text}`);
    }
  });
  readline.createInterface({ input: child.stderr! }).on("line", (text) => console.error(`[${label} server stderr] ${text}`));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label}: the server exited during its start (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, lines, exited, kill };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill("SIGKILL");
  throw new Error(`${label}: the server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
}
