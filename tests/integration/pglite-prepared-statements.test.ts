import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/server/db/errors";
import type { Executor } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createPark } from "../support/factories";
import { expectAnswersAcrossAnAddedColumn } from "../support/prepared-statement-checks";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The embedded database's statements (its one session's pg_prepared_statements): vitest.config.ts runs this file in
// the PGlite project only.
describe("the embedded database's statements prepared once (decision 0073)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // drizzle's PGlite driver answers { rows } (queryRows in app/server/db/database.ts says the same).
  const rowsOf = async <Row>(statement: SQL) => ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const prepared = async () => (await rowsOf<{ statement: string }>(sql`select statement from pg_prepared_statements`)).map((row) => row.statement);

  it("keeps a query builder's statement prepared, and its answers are converted as PGlite's own are", async () => {
    const park = await createPark(database.db, { name: "Parc préparé", openingYear: 1989 });
    for (let run = 0; run < 3; run++) {
      const rows = await database.db
        .select({ name: schema.parks.name, openingYear: schema.parks.openingYear, createdAt: schema.parks.createdAt })
        .from(schema.parks)
        .where(sql`${schema.parks.id} = ${park.id}`);
      expect(rows).toEqual([{ name: "Parc préparé", openingYear: 1989, createdAt: expect.any(Date) }]);
    }
    const kept = (await prepared()).filter((statement) => statement.includes('from "parks"') && statement.includes('"parks"."id" = $1'));
    expect(kept).toHaveLength(1);
  });

  it("prepares a transaction's statements, and a write says how many rows it changed", async () => {
    const park = await createPark(database.db, { name: "Parc en transaction" });
    const changed = await database.db.transaction((tx) =>
      tx
        .update(schema.parks)
        .set({ region: "Hauts-de-France" })
        .where(sql`${schema.parks.id} = ${park.id}`)
        .returning({ id: schema.parks.id }),
    );
    expect(changed).toEqual([{ id: park.id }]);
    expect((await prepared()).some((statement) => statement.startsWith('update "parks" set "region" = $1'))).toBe(true);
    const [row] = await database.db.select({ region: schema.parks.region }).from(schema.parks).where(sql`${schema.parks.id} = ${park.id}`);
    expect(row?.region).toBe("Hauts-de-France");
  });

  it("gives a refused write's error, its code included, and the kept statement still answers after it", async () => {
    const park = await createPark(database.db, { name: "Parc unique" });
    const copy = () => database.db.insert(schema.parks).values({ ...park, id: crypto.randomUUID() });
    const refusal = await copy().catch((error: unknown) => error);
    expect(isUniqueViolation(refusal)).toBe(true);
    expect(isUniqueViolation(await copy().catch((error: unknown) => error))).toBe(true);
    const rows = await database.db.select({ id: schema.parks.id }).from(schema.parks).where(sql`${schema.parks.slug} = ${park.slug}`);
    expect(rows).toEqual([{ id: park.id }]);
  });

  it("rolls a failed transaction back, and the session goes on", async () => {
    const park = await createPark(database.db, { name: "Parc annulé" });
    const failed = database.db.transaction(async (tx) => {
      await tx.update(schema.parks).set({ region: "Nulle part" }).where(sql`${schema.parks.id} = ${park.id}`);
      await tx.execute(sql`select 1 / ${0}::int`);
    });
    await expect(failed).rejects.toThrow();
    const [row] = await database.db.select({ region: schema.parks.region }).from(schema.parks).where(sql`${schema.parks.id} = ${park.id}`);
    expect(row?.region).not.toBe("Nulle part");
  });

  it("does not keep a statement over 100 parameters, nor a schema change", async () => {
    const ids = Array.from({ length: 101 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    const rows = await database.db
      .select({ id: schema.parks.id })
      .from(schema.parks)
      .where(sql`${schema.parks.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(rows).toEqual([]);
    await database.db.execute(sql`create temporary table prepared_probe_table (id integer)`);
    const kept = await prepared();
    expect(kept.some((statement) => statement.includes("$101"))).toBe(false);
    expect(kept.some((statement) => statement.includes("prepared_probe_table"))).toBe(false);
  });

  it("answers right after the table changed under a kept statement", async () => {
    const park = await createPark(database.db, { name: "Parc modifié" });
    await expectAnswersAcrossAnAddedColumn(database.db, "Parc modifié", () => rowsOf(sql`select * from parks where id = ${park.id}`));
  });

  it("fails a transaction whose kept statement no longer fits, and prepares it again for the next run", async () => {
    const park = await createPark(database.db, { name: "Parc en travaux" });
    const read = (db: Executor) => db.execute(sql`select * from parks where id = ${park.id}`);
    await read(database.db);
    await database.db.execute(sql`alter table parks add column prepared_probe integer`);
    try {
      // The statement's own error ("cached plan must not change result type"), not a later one of the aborted transaction.
      const failure = await database.db.transaction((tx) => read(tx)).then(() => null, (error: unknown) => error);
      expect(codesOf(failure)).toContain("0A000");
      const [row] = await rowsOf<Record<string, unknown>>(sql`select * from parks where id = ${park.id}`);
      expect(row).toHaveProperty("prepared_probe", null);
    } finally {
      await database.db.execute(sql`alter table parks drop column prepared_probe`);
    }
  });

  it("delivers a notice sent by a kept statement to the database's listeners", async () => {
    const heard: string[] = [];
    const unlisten = await database.listen("prepared_probe", (payload) => heard.push(payload));
    for (const payload of ["un", "deux"]) await database.db.execute(sql`select pg_notify('prepared_probe', ${payload})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await unlisten();
    expect(heard).toEqual(["un", "deux"]);
  });
});

/** The PostgreSQL codes of an error and of its causes (drizzle wraps the driver's error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}
