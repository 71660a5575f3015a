import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SourceDifference } from "./live-definitions";
import { STATEMENT_BREAKPOINT } from "./trigger-sources";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(REPO_ROOT, "drizzle");

/**
 * The migration that brings a database to the sources: the statements that
 * changed something, functions first, then triggers (a trigger needs its
 * function, which may be new), each with the comments above it.
 */
export function migrationText(differences: readonly SourceDifference[]): string {
  const header = [
    `-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:`,
    ...differences.map((difference) => `--   ${difference.source.file}`),
    `-- Those files hold the live definitions; a later change to them gets a migration of its own.`,
  ].join("\n");
  const functions = differences.flatMap(({ source, statements }) => statements.filter((statement) => statement === source.functionStatement));
  const triggers = differences.flatMap(({ source, statements }) => statements.filter((statement) => statement !== source.functionStatement));
  return `${header}\n${[...functions, ...triggers].join(`\n${STATEMENT_BREAKPOINT}\n`)}\n`;
}

/**
 * A custom migration made the way drizzle-kit makes one (`drizzle-kit generate
 * --custom`: the next number, the journal entry and a copy of the last schema
 * snapshot), then filled with `text`. Returns the new file's path.
 */
export function writeCustomMigration(name: string, text: string): string {
  execFileSync(path.join(REPO_ROOT, "node_modules/.bin/drizzle-kit"), ["generate", "--custom", `--name=${name}`], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const file = path.join(MIGRATIONS, `${journal.entries.at(-1)!.tag}.sql`);
  if (!readFileSync(file, "utf8").startsWith("-- Custom SQL migration file")) throw new Error(`${file} is not the empty migration drizzle-kit just prepared`);
  writeFileSync(file, text);
  return path.relative(REPO_ROOT, file);
}
