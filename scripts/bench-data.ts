/**
 * Synthetic benchmark data (docs/benchmarks.md): drops and recreates a database, applies
 * the migrations and loads a deterministic dataset of the chosen scale.
 *
 *   npm run bench:data -- --scale small|medium|large [--database-url postgres://…]
 *   npm run bench:data -- --scale small --pglite DIR     (an embedded database in DIR, for a DATA_DIR)
 *
 * Without either, PostgreSQL's database parcours_bench_<scale> on
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Prints one JSON line with the counts and timings at the end.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseLocation } from "~/server/db/database";
import { generateBenchData } from "./bench/generate";
import { SCALES, isScaleName } from "./bench/scales";

export const DEFAULT_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Drops and recreates the database a URL names, through the server's maintenance database. */
async function recreatePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database "${name}": use lower-case letters, digits and _`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

const scaleName = option("scale") ?? "small";
if (!isScaleName(scaleName)) {
  console.error(`--scale must be one of ${Object.keys(SCALES).join(", ")}`);
  process.exit(2);
}
const pgliteDir = option("pglite");
let location: DatabaseLocation;
if (pgliteDir) {
  const dataDir = path.resolve(pgliteDir);
  rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
  location = { kind: "pglite", dataDir };
} else {
  const fallback = new URL(DEFAULT_POSTGRES_URL);
  fallback.pathname = `/parcours_bench_${scaleName}`;
  const url = option("database-url") ?? fallback.toString();
  await recreatePostgresDatabase(url);
  location = { kind: "postgres", url, maxConnections: 2 };
}

const started = performance.now();
const handle = await openDatabase(location);
try {
  await migrateDatabase(handle);
  const log = (message: string) => console.error(`[bench:data ${scaleName}] ${message}`);
  const summary = await generateBenchData(handle, SCALES[scaleName], log);
  const seconds = (performance.now() - started) / 1000;
  log(`loaded in ${seconds.toFixed(1)} s`);
  console.log(JSON.stringify({ scale: scaleName, database: location.kind, seconds: Number(seconds.toFixed(1)), ...summary }));
} finally {
  await handle.close();
}
