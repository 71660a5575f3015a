import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

// A file's beforeAll creates and migrates its databases (two at once in some files): a few seconds
// on an idle machine, but over a minute was seen with the machine loaded four times over. A slow
// setup is not a failure of the code under test.
const HOOK_TIMEOUT_MS = 180_000;

/**
 * unit: pure code. integration: the same files run twice, on PGlite and on a
 * throwaway database of the local PostgreSQL server (TEST_DATABASE picks).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          // A PostgreSQL server's connections keep prepared statements; the embedded database has no such thing.
          exclude: ["tests/integration/prepared-statements.test.ts"],
          env: { TEST_DATABASE: "pglite" },
          testTimeout: 60_000,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          // The embedded database's own behaviour (persistence, data-dir lock, its statements) has no server equivalent.
          exclude: ["tests/integration/embedded-database.test.ts", "tests/integration/pglite-prepared-statements.test.ts"],
          env: { TEST_DATABASE: "postgres" },
          testTimeout: 60_000,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
    ],
  },
});
