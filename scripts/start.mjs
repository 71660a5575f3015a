#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than the
 * sources, then runs the production server.
 */
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildMarker = path.join(root, "build/server/index.js");

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const sources = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((p) => path.join(root, p));
const stale =
  !existsSync(buildMarker) ||
  sources.filter(existsSync).some((source) => newestMtime(source) > statSync(buildMarker).mtimeMs);

if (stale) {
  console.log("Building Parcours…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm start` is the try-it command: demo content fills an empty database unless
// DEMO_CONTENT says otherwise. Deployments run `npm run serve` (no demo unless asked).
// Without SMTP_URL, e-mails go to the development outbox (DATA_DIR/outbox) so password resets can be tried.
const env = {
  ...process.env,
  NODE_ENV: "production",
  DEMO_CONTENT: process.env.DEMO_CONTENT ?? "always",
  MAIL_OUTBOX: process.env.MAIL_OUTBOX ?? "true",
};

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
