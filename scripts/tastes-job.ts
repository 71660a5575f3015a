/**
 * `npm run job:tastes`: one whole pass of the tastes job (decision 0078) in a process of its own, for a site over
 * IN_PROCESS_MAX_RATINGS ratings, whose web servers leave it to this command (docs/operations.md: run it nightly from
 * cron, a systemd timer or the container scheduler). It opens the configured database as the server does; the
 * embedded one only while no server holds it.
 */
import pino from "pino";
import { ConfigError, loadConfig } from "~/server/config";
import { databaseLocationFromConfig, openDatabase } from "~/server/db/database";
import { createTastesJob } from "~/server/tastes/tastes-job";

const logger = pino({ level: "info", base: { service: "parcours-tastes-job" } });

try {
  const database = await openDatabase(databaseLocationFromConfig(loadConfig()));
  try {
    const run = await createTastesJob({ db: database.db, logger }).run({ wholePass: true });
    logger.info(run, "tastes job pass done");
  } finally {
    await database.close();
  }
} catch (error) {
  logger.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
