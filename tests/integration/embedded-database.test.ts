import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createPark } from "../support/factories";

const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function tempDataDir() {
  const directory = await mkdtemp(path.join(os.tmpdir(), "parcours-pglite-"));
  directories.push(directory);
  return directory;
}

// PGlite-specific behaviour: vitest.config.ts runs this file in the PGlite project only.
describe("embedded database (PGlite under DATA_DIR)", () => {
  it("keeps its data across a restart", async () => {
    const dataDir = await tempDataDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    await migrateDatabase(first);
    const park = await createPark(first.db, { name: "Parc persistant" });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    await migrateDatabase(second);
    const parks = await second.db.select({ id: schema.parks.id }).from(schema.parks);
    expect(parks.map((row) => row.id)).toEqual([park.id]);
    await second.close();
  });

  it("refuses to open a data directory another live process holds", async () => {
    const dataDir = await tempDataDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await writeFile(path.join(dataDir, "parcours.pid"), String(holder.pid));
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(/already open in process/);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dataDir = await tempDataDir();
    await writeFile(path.join(dataDir, "parcours.pid"), "999999");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await handle.close();
  });
});
