/**
 * `npm run db:reset`: empties the configured database (embedded or server),
 * applies the migrations and loads the demo content again. Refuses to touch an
 * embedded database that a running server holds open.
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import { ConfigError, loadConfig } from "../config";
import { loadDemoContent } from "../demo/load-demo-content";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "./database";

const logger = pino({ level: "info" });

try {
  const config = loadConfig();
  const database = await openDatabase(databaseLocationFromConfig(config));
  try {
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.db.execute(sql`DROP SCHEMA public CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await migrateDatabase(database);
    const summary = await loadDemoContent(database.db, config.adminEmail);
    logger.info({ database: database.kind, ...summary }, "database reset with demo content");
  } finally {
    await database.close();
  }
} catch (error) {
  logger.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
