import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The database functions' sources (decision 0050): one file per function under
 * app/server/db/triggers/, named after it in kebab case, holding its CREATE OR REPLACE
 * FUNCTION and the CREATE OR REPLACE TRIGGER statements that run it, separated as in a
 * migration. Both forms replace what is there, so a file can be applied again as it is.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const TRIGGER_SOURCES_DIR = path.join(REPO_ROOT, "app/server/db/triggers");

/** What separates statements, in these files as in drizzle-kit's migrations. */
export const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

export type TriggerSource = {
  /** The file's path from the repository root, for messages. */
  file: string;
  functionName: string;
  /** The function's statement first, then its triggers', each with the comments above it. */
  functionStatement: string;
  triggerStatements: string[];
  triggerNames: string[];
};

const FUNCTION_STATEMENT = /^CREATE OR REPLACE FUNCTION "?(\w+)"?\s*\(/;
const TRIGGER_STATEMENT = /^CREATE OR REPLACE TRIGGER "?(\w+)"?\s[\s\S]*\sEXECUTE FUNCTION "?(\w+)"?\s*\(/;

/** Reads and checks every source file; a file that breaks the layout above throws, naming itself. */
export function readTriggerSources(dir: string = TRIGGER_SOURCES_DIR): TriggerSource[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => parseSource(path.relative(REPO_ROOT, path.join(dir, name)), readFileSync(path.join(dir, name), "utf8")));
}

function parseSource(file: string, text: string): TriggerSource {
  const functionName = path.basename(file, ".sql").replaceAll("-", "_");
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}`);
  };
  const statements = text
    .split(STATEMENT_BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => withoutLeadingComments(statement) !== "");
  const [first, ...rest] = statements;
  if (first === undefined || withoutLeadingComments(first).match(FUNCTION_STATEMENT)?.[1] !== functionName) {
    fail(`must begin with CREATE OR REPLACE FUNCTION "${functionName}"(…)`);
  }
  const triggerNames = rest.map((statement) => {
    const match = withoutLeadingComments(statement).match(TRIGGER_STATEMENT);
    if (!match || match[2] !== functionName) fail(`after its function, only CREATE OR REPLACE TRIGGER … EXECUTE FUNCTION ${functionName}(…)`);
    return match![1]!;
  });
  return { file, functionName, functionStatement: first!, triggerStatements: rest, triggerNames };
}

function withoutLeadingComments(statement: string): string {
  return statement.replace(/^(\s*--[^\n]*(\n|$))*/, "").trim();
}
