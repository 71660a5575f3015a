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

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
