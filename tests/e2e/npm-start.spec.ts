import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { buildIsStale } from "../../scripts/support/production-build.mjs";
import { freePort } from "../../scripts/support/free-port";

/**
 * `npm start` is three processes: npm, the launcher (scripts/start.mjs, which
 * builds when needed) and the server. A signal sent to any of them, or npm
 * killed outright, must stop all three: a server left behind holds the port
 * and the database.
 */

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startWithNpm() {
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parcours-npm-start-")), DEMO_CONTENT: "never", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (chunk) => (output += chunk));
  npm.stderr.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 150_000, message: "the server's 'listening' line" }).toContain("Parcours is listening");
  const launcher = childrenOf(npm.pid!)[0] ?? 0;
  const server = childrenOf(launcher)[0] ?? 0;
  expect(launcher, "the launcher runs under npm").toBeGreaterThan(0);
  expect(server, "the server runs under the launcher").toBeGreaterThan(0);
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(response.status).toBe(200);
  return { npm: npm.pid!, launcher, server, output: () => output };
}

test.describe("npm start", () => {
  test.beforeAll(() => {
    // A stale build would make `npm start` rebuild under the suite's own server.
    expect(buildIsStale(), "the build is older than the sources: run `npx react-router build` first").toBe(false);
  });

  for (const [receiver, signal] of [
    ["npm", "SIGTERM"],
    ["npm", "SIGINT"],
    ["npm", "SIGKILL"],
    ["launcher", "SIGTERM"],
  ] as const) {
    test(`${signal} to ${receiver === "npm" ? "npm's process" : "the launcher"} stops the server with it`, async () => {
      // Migrating a new embedded database took over a minute on a machine loaded by other suites.
      test.setTimeout(240_000);
      const processes = await startWithNpm();
      process.kill(processes[receiver], signal);
      await expect.poll(() => [processes.npm, processes.launcher, processes.server].filter(isRunning), { timeout: 30_000 }).toEqual([]);
      // The server stopped as on any shutdown: its database closed, not killed mid-write.
      expect(processes.output()).toContain('"msg":"stopped"');
    });
  }
});
