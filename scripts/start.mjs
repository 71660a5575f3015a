#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than the
 * sources, then runs the production server.
 */
import { spawn } from "node:child_process";
import { buildIfStale, root } from "./support/production-build.mjs";

try {
  buildIfStale();
} catch {
  process.exit(1);
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

const server = spawn(process.execPath, ["--import", "tsx", "http/main.ts"], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// npm passes a SIGTERM it receives to the shell that runs this script, and the shell dies of it
// without passing it on: the server would be left running with nobody to stop it. Whatever ends
// the process that started this one (that, a SIGKILL, a closed terminal), the server stops with it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill("SIGTERM");
}, 500).unref();
