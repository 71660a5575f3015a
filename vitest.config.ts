import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

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
          env: { TEST_DATABASE: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          // The embedded database's own behaviour (persistence, data-dir lock) has no server equivalent.
          exclude: ["tests/integration/embedded-database.test.ts"],
          env: { TEST_DATABASE: "postgres" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
