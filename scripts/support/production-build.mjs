/**
 * The production build and server as the scripts use them (`npm start`, the
 * benchmarks): one rule for when the build is out of date, one environment
 * for a throwaway server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/** What the build is made from: a change to any of them makes it stale. */
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** Whether there is no build, or a source changed since the last one. */
export function buildIsStale() {
  const marker = path.join(root, "build/server/index.js");
  const sources = SOURCES.map((source) => path.join(root, source)).filter(existsSync);
  return !existsSync(marker) || sources.some((source) => newestMtime(source) > statSync(marker).mtimeMs);
}

/** Builds the site when there is no build or a source changed since; throws when the build fails. */
export function buildIfStale({ quiet = false } = {}) {
  if (!buildIsStale()) return;
  console.error("Building Parcours…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: quiet ? "pipe" : "inherit", encoding: "utf8" });
  if (result.status !== 0) throw new Error(`the build failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ""}`);
}

/** The environment of a production server a benchmark starts on 127.0.0.1:`port`; `overrides` say which data. */
export function benchServerEnv(port, overrides) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MAIL_OUTBOX: "true",
    LOG_LEVEL: "info",
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    ...overrides,
  };
}
