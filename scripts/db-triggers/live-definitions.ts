import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/server/db/database";
import type { TriggerSource } from "./trigger-sources";

/**
 * The functions and triggers a database holds, as PostgreSQL itself prints them
 * (pg_get_functiondef, pg_get_triggerdef): a canonical form, so two definitions
 * compare equal whatever the spacing of the statements that made them. A
 * function's body is kept as written, its comments included.
 */
type LiveObject = { kind: "function" | "trigger"; name: string; key: string; definition: string };

/** Ours only: functions of extensions (pg_trgm's) and the internal triggers of foreign keys are left out. */
async function liveObjects(db: Executor): Promise<LiveObject[]> {
  return queryRows<LiveObject>(
    db,
    sql`SELECT 'function' AS kind, p.proname AS name, 'function ' || p.oid::regprocedure::text AS key,
        pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      UNION ALL
      SELECT 'trigger', t.tgname, 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
      FROM pg_trigger t
      WHERE NOT t.tgisinternal
      ORDER BY 3`,
  );
}

function ownedBy(objects: LiveObject[], source: TriggerSource): LiveObject[] {
  return objects.filter((object) =>
    object.kind === "function" ? object.name === source.functionName : source.triggerNames.includes(object.name),
  );
}

/** A source whose statements changed what the database held: those statements, and the objects they changed. */
export type SourceDifference = { source: TriggerSource; statements: string[]; changed: string[] };

/**
 * Applies each source to the database, one statement at a time, and returns
 * those that changed what it held: a function or trigger that differed from
 * its source, or was missing. The database is left with every source applied.
 */
export async function applySources(db: Executor, sources: readonly TriggerSource[]): Promise<SourceDifference[]> {
  const differences: SourceDifference[] = [];
  for (const source of sources) {
    const difference: SourceDifference = { source, statements: [], changed: [] };
    for (const statement of [source.functionStatement, ...source.triggerStatements]) {
      const before = ownedBy(await liveObjects(db), source);
      await db.execute(sql.raw(statement));
      const after = ownedBy(await liveObjects(db), source);
      const changed = changedKeys(before, after);
      if (changed.length === 0) continue;
      difference.statements.push(statement);
      difference.changed.push(...changed);
    }
    if (difference.statements.length > 0) differences.push(difference);
  }
  return differences;
}

/** The objects added, removed or defined otherwise from `before` to `after`. */
function changedKeys(before: LiveObject[], after: LiveObject[]): string[] {
  const definition = (objects: LiveObject[], key: string) => objects.find((object) => object.key === key)?.definition;
  const keys = new Set([...before, ...after].map((object) => object.key));
  return [...keys].filter((key) => definition(before, key) !== definition(after, key));
}

/**
 * The functions and triggers of the database that no source file defines, and
 * every function of a name that has several: a source defines one, so a
 * changed argument list (an overload left beside the old function) shows here.
 */
export async function objectsWithoutSource(db: Executor, sources: readonly TriggerSource[]): Promise<string[]> {
  const objects = await liveObjects(db);
  const sameName = (object: LiveObject) => objects.filter((other) => other.kind === object.kind && other.name === object.name).length;
  return objects
    .filter((object) => sources.every((source) => ownedBy([object], source).length === 0) || (object.kind === "function" && sameName(object) > 1))
    .map((object) => object.key);
}
