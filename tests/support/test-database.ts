import crypto from "node:crypto";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/server/db/database";

/** The PostgreSQL server the integration suite uses; each test file gets its own database on it. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = DatabaseHandle & { name: string };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new
 * database on the PostgreSQL server that `close()` drops again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== "postgres") {
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    await migrateDatabase(handle);
    return { ...handle, name: "pglite" };
  }
  const name = `parcours_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      const cleanup = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
