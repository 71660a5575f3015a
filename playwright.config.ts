import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium against the production build,
 * served on its own port with a fresh embedded database and the demo content:
 * never the development database.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "parcours-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  // The screenshots of docs/screenshots/ are a tool, not a check: taken only when asked for (SCREENSHOTS=before|after).
  testIgnore: process.env.SCREENSHOTS ? [] : ["**/screenshots.spec.ts"],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Sized for the machine the suite runs on: 2 cores shared by the server, two Chromiums and the
  // two workers, often with other work beside. There one page load with hydration can take
  // several seconds, so the defaults (5 s per expectation, 30 s per test) failed tests that were
  // only slow: measured at a load average of 20, the longest test (account deletion, 6 page
  // loads) took 58 s. An expectation returns as soon as it holds, so the longer bounds cost
  // nothing when the machine is idle; a test that waits for something that never comes still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "fr-FR",
    trace: "retain-on-failure",
    // Members' park pages register the service worker (decision 0024). Its caches would answer requests that
    // tests hold or cut with page.route, which cannot see a worker's requests: only the tests written for
    // it let it in (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx tests/e2e/support/e2e-stack.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      DEMO_CONTENT: "always",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@parcours.local",
      // Lets a test pose as another client address, to trip a rate limit without blocking the others.
      TRUSTED_PROXY_HEADER: "x-real-ip",
      BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
    },
  },
});
