import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySources, objectsWithoutSource } from "../../scripts/db-triggers/live-definitions";
import { readTriggerSources, TRIGGER_SOURCES_DIR } from "../../scripts/db-triggers/trigger-sources";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The files of app/server/db/triggers/ are the functions and triggers the
 * migrations leave (decision 0050): applying them to a freshly migrated
 * database changes nothing, and nothing there lacks its file. A source edited
 * without its migration (`npm run db:triggers`) fails here.
 */
let database: TestDatabase;
const sources = readTriggerSources();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("trigger function sources", () => {
  it("defines every function and trigger of the migrated database", async () => {
    expect(await objectsWithoutSource(database.db, sources)).toEqual([]);
  });

  it("equals what the migrations defined: applying the sources changes nothing", async () => {
    const differences = await applySources(database.db, sources);
    expect(
      differences.map(({ source, changed }) => ({ file: source.file, changed })),
      "a source differs from the migrations: run npm run db:triggers",
    ).toEqual([]);
  });

  it("tells a source changed since the migrations, naming the file and what it changes", async () => {
    const edited = mkdtempSync(path.join(os.tmpdir(), "parcours-trigger-sources-"));
    const file = "suggestions-count.sql";
    const text = readFileSync(path.join(TRIGGER_SOURCES_DIR, file), "utf8");
    writeFileSync(path.join(edited, file), text.replace("  RETURN NULL;\n", () => "  -- edited\n  RETURN NULL;\n"));

    const differences = await applySources(database.db, readTriggerSources(edited));

    expect(differences.map(({ source, changed }) => ({ file: path.basename(source.file), changed }))).toEqual([
      { file, changed: ["function suggestions_count()"] },
    ]);
  });

  it("tells a second function of a source's name: an argument list changed in a source leaves the old one", async () => {
    await database.db.execute(sql`CREATE FUNCTION influence_weight(parks bigint) RETURNS numeric LANGUAGE sql AS $$ SELECT 1::numeric $$`);
    expect(await objectsWithoutSource(database.db, sources)).toEqual(["function influence_weight(bigint)", "function influence_weight(integer)"]);
  });

  it("refuses a file that is not one function and its triggers", () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), "parcours-trigger-sources-"));
    writeFileSync(path.join(broken, "suggestions-count.sql"), 'CREATE FUNCTION "suggestions_count"() RETURNS trigger LANGUAGE sql AS $$ SELECT 1 $$;');
    expect(() => readTriggerSources(broken)).toThrow(/suggestions-count\.sql: must begin with CREATE OR REPLACE FUNCTION "suggestions_count"/);
  });
});
