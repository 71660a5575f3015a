import type postgres from "postgres";

/**
 * Every row written in the fuzzed database, recorded by a trigger on each
 * table: the fuzz suite reads what a refused request changed. Tables a refused
 * request may rightly write (its rate-limit counters, the session it renewed)
 * and those the server's own jobs write are bookkeeping, not changes.
 */
const BOOKKEEPING_TABLES = new Set(["rate_limit", "user_write_limits", "session", "captcha_solutions", "admin_notifications", "verification"]);

export type Change = { id: string; table: string; operation: string };

export async function installChangeLog(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`
    CREATE TABLE fuzz_changes (id bigserial PRIMARY KEY, table_name text NOT NULL, operation text NOT NULL);
    CREATE FUNCTION fuzz_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_changes (table_name, operation) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
  `);
  const tables = await sql<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'fuzz_changes'`;
  for (const { name } of tables) {
    await sql.unsafe(`CREATE TRIGGER fuzz_log AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_log_change()`);
  }
}

/** Reads the changes recorded since the last call, bookkeeping left out. */
export function changeReader(sql: postgres.Sql) {
  let last = "0";
  return async (): Promise<Change[]> => {
    // Ordered by the table's number, not the text selected: as text "9" sorts after "17", and the reader read rows again
    // (a refused request was blamed for a change made before it).
    const rows = await sql<{ id: string; table_name: string; operation: string }[]>`
      SELECT id::text, table_name, operation FROM fuzz_changes WHERE id > ${last}::bigint ORDER BY fuzz_changes.id`;
    if (rows.length) last = rows.at(-1)!.id;
    return rows.filter((row) => !BOOKKEEPING_TABLES.has(row.table_name)).map((row) => ({ id: row.id, table: row.table_name, operation: row.operation }));
  };
}
