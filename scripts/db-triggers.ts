/**
 * `npm run db:triggers [-- --name=<migration_name>]` (decision 0050): compares each
 * function's source under app/server/db/triggers/ with its definition as the
 * migrations leave it (all of them applied to a fresh in-memory PGlite) and, when
 * any differ, writes a drizzle custom migration with their CREATE OR REPLACE
 * statements, then checks that the migrations now give exactly the sources.
 */
import { migrateDatabase, openDatabase } from "~/server/db/database";
import { applySources, objectsWithoutSource, type SourceDifference } from "./db-triggers/live-definitions";
import { readTriggerSources, type TriggerSource } from "./db-triggers/trigger-sources";
import { migrationText, writeCustomMigration } from "./db-triggers/write-migration";

const DEFAULT_NAME = "trigger_functions";

function migrationName(): string {
  const given = process.argv.slice(2).find((arg) => arg.startsWith("--name="))?.slice("--name=".length) ?? DEFAULT_NAME;
  if (!/^[a-z0-9_]+$/.test(given)) throw new Error(`--name: lower-case letters, digits and underscores only ("${given}")`);
  return given;
}

/** The sources that differ from what the migrations give, and the live objects that no source defines. */
async function compareWithMigrations(sources: readonly TriggerSource[]): Promise<{ differences: SourceDifference[]; orphans: string[] }> {
  const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  try {
    await migrateDatabase(handle);
    const differences = await applySources(handle.db, sources);
    // After the sources: an argument list changed in a source shows as a second function of its name.
    return { differences, orphans: await objectsWithoutSource(handle.db, sources) };
  } finally {
    await handle.close();
  }
}

const name = migrationName();
const sources = readTriggerSources();
const { differences, orphans } = await compareWithMigrations(sources);
if (orphans.length > 0) {
  // Dropping is never guessed: a function or trigger without its source is removed by a hand-written migration, or gets its file.
  console.error(
    `Not defined by exactly one file of app/server/db/triggers/ (drop it in a custom migration, or give it its file):\n  ${orphans.join("\n  ")}`,
  );
  process.exit(1);
}
if (differences.length === 0) {
  console.log(`The migrations give every source of app/server/db/triggers/ (${sources.length} files): nothing to write.`);
} else {
  const file = writeCustomMigration(name, migrationText(differences));
  console.log(`${file}: ${differences.map((difference) => difference.source.file).join(", ")}`);
  const check = await compareWithMigrations(sources);
  const left = [...check.differences.map((difference) => difference.source.file), ...check.orphans];
  if (left.length > 0) {
    console.error(`Still not as the sources after ${file}: ${left.join(", ")}`);
    process.exit(1);
  }
}
