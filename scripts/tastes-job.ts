/**
 * `npm run job:tastes [-- --minutes N]`: the tastes job (decision 0078) in a process of its own, for a site over
 * 200,000 ratings, whose web servers leave it to this command (docs/operations.md: run it nightly from cron, a
 * systemd timer or the container scheduler). From where its last run stopped, to the last member, or for N minutes
 * (the next run goes on from there). It opens the configured database as the server does; the embedded one only
 * while no server holds it.
 */
import pino from "pino";
import { ConfigError, loadConfig } from "~/server/config";
import { databaseLocationFromConfig, openDatabase } from "~/server/db/database";
import { createTastesJob } from "~/server/tastes/tastes-job";

const logger = pino({ level: "info", base: { service: "parcours-tastes-job" } });

try {
  const database = await openDatabase(databaseLocationFromConfig(loadConfig()));
  try {
    const minutes = process.argv.includes("--minutes") ? Number(process.argv[process.argv.indexOf("--minutes") + 1]) : null;
    if (minutes !== null && !(minutes > 0)) throw new ConfigError("--minutes takes a number of minutes above 0");
    const budgetMs = minutes === null ? Number.POSITIVE_INFINITY : minutes * 60_000;
    const run = await createTastesJob({ db: database.db, logger }).run({ ownProcess: true, budgetMs });
    logger.info(run, run.finished ? "tastes job: every member done" : "tastes job: stopped for its time, goes on at its next run");
  } finally {
    await database.close();
  }
} catch (error) {
  logger.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
