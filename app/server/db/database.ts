/**
 * The one place that opens the database. PGlite (embedded PostgreSQL) when no
 * DATABASE_URL is given, a PostgreSQL server otherwise; the same Drizzle API,
 * schema and SQL migrations either way.
 *
 * PGlite has a single connection: a query made through the outer `db` inside a
 * `db.transaction(...)` callback waits for the transaction that waits for it.
 * Service functions therefore take the executor they must use (`db` or `tx`)
 * as a parameter and never import a database themselves.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { preparingPgliteStatements } from "./pglite-prepared-statements";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import * as schema from "./schema";
import { acquireDataDirLock } from "./data-dir-lock";
import { queryCountingLogger } from "./query-count";
import { preparingStatements } from "./prepared-statements";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service function runs its queries on: the database or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Receives a channel's NOTIFY payloads. `onListening` runs each time LISTEN takes
 * effect: once, and again whenever a lost connection is re-established (anything
 * sent in between was missed). Resolves with the function that stops listening.
 */
export type ListenFunction = (
  channel: string,
  onMessage: (payload: string) => void,
  onListening?: () => void,
) => Promise<() => Promise<void>>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  location: DatabaseLocation;
  listen: ListenFunction;
  close: () => Promise<void>;
};

export type DatabaseLocation =
  | {
      kind: "postgres";
      url: string;
      maxConnections?: number;
      /**
       * A statement running longer is cancelled by PostgreSQL, so that a request waiting on a lock or a
       * struggling server fails instead of hanging (the server's pool: decision 0026). Migrations run without it.
       */
      statementTimeoutMs?: number;
    }
  /** A data directory, or undefined for a throwaway in-memory database. */
  | { kind: "pglite"; dataDir: string | undefined };

/** The committed migrations, found from here whether this file runs from source or from a bundle. */
function findMigrationsFolder(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("drizzle/ migrations folder not found");
  }
}

/** How long opening a connection to the PostgreSQL server may take. */
const CONNECT_TIMEOUT_SECONDS = 5;
/** The longest wait before connecting again after a failure (postgres.js backs off up to 20 s by default). */
const RECONNECT_DELAY_MAX_SECONDS = 1;

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    const client = postgres(location.url, {
      max: location.maxConnections ?? 10,
      onnotice: () => {},
      // An unreachable server fails the query within seconds instead of leaving the request waiting.
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      // postgres.js waits longer after each failed connection (up to 20 s, shared by the pool), and queries wait
      // with it: an outage's requests would hang and recovery lag. Refused connections fail at once; retry soon.
      backoff: (retries: number) => Math.min(retries * 0.1, RECONNECT_DELAY_MAX_SECONDS),
      ...(location.statementTimeoutMs ? { connection: { statement_timeout: location.statementTimeoutMs } } : {}),
    });
    const db = drizzlePostgres(preparingStatements(client), { schema, logger: queryCountingLogger }) as unknown as Database;
    // postgres.js listens on a connection of its own, outside the pool, and listens again after reconnecting.
    const listen: ListenFunction = async (channel, onMessage, onListening) => {
      const { unlisten } = await client.listen(channel, onMessage, onListening);
      return unlisten;
    };
    return { db, kind: "postgres", location, listen, close: () => client.end({ timeout: 5 }) };
  }

  const releaseLock = location.dataDir ? await acquireDataDirLock(location.dataDir) : () => {};
  try {
    // pg_trgm serves the search suggestions' indexes (migration 0004).
    const options = { extensions: { pg_trgm } };
    const client = location.dataDir ? new PGlite(path.join(location.dataDir, "pglite"), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite(preparingPgliteStatements(client), { schema, logger: queryCountingLogger }) as unknown as Database;
    // The embedded database lives in this process: its one session never drops, so LISTEN takes effect once.
    const listen: ListenFunction = async (channel, onMessage, onListening) => {
      const unlisten = await client.listen(channel, onMessage);
      onListening?.();
      return () => unlisten();
    };
    return {
      db,
      kind: "pglite",
      location,
      listen,
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Applies the committed SQL migrations that have not run yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: findMigrationsFolder() };
  if (handle.location.kind === "postgres") {
    // A connection of its own, without the pool's statement timeout: a migration may rebuild a big table.
    const client = postgres(handle.location.url, { max: 1, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS });
    try {
      await migratePostgres(drizzlePostgres(client), options);
    } finally {
      await client.end({ timeout: 5 });
    }
  } else {
    await migratePglite(handle.db as never, options);
  }
}

/** The longest statement the server's requests and jobs may run (decision 0026). */
const SERVER_STATEMENT_TIMEOUT_MS = 10_000;

export function databaseLocationFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseLocation {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, statementTimeoutMs: SERVER_STATEMENT_TIMEOUT_MS }
    : { kind: "pglite", dataDir: config.dataDir };
}

/**
 * Runs raw SQL and returns its rows: drizzle's PGlite driver answers { rows },
 * its postgres.js driver an array.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
