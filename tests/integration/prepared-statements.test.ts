import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createPark } from "../support/factories";
import { expectAnswersAcrossAnAddedColumn } from "../support/prepared-statement-checks";
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from "../support/test-database";

// The PostgreSQL server's own behaviour (a connection's prepared statements): vitest.config.ts runs this file in the
// PostgreSQL project only.
describe("statements prepared once per connection (decision 0070)", () => {
  let database: TestDatabase;
  /** The same database through one connection, so that its prepared statements are the ones the queries made. */
  let single: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${database.name}`;
    single = await openDatabase({
      kind: "postgres",
      url: url.toString(),
      maxConnections: 1,
    });
  });
  afterAll(async () => {
    await single.close();
    await database.close();
  });

  /** Rows of a raw statement (postgres.js answers an array of them). */
  const rowsOf = async <Row>(statement: SQL) => (await single.db.execute(statement)) as unknown as Row[];
  const prepared = async () => (await rowsOf<{ statement: string }>(sql`select statement from pg_prepared_statements`)).map((row) => row.statement);

  it("keeps a query builder's statement prepared, and the answers stay right", async () => {
    const park = await createPark(database.db, { name: "Parc préparé" });
    for (let run = 0; run < 3; run++) {
      const rows = await single.db
        .select({ name: schema.parks.name })
        .from(schema.parks)
        .where(sql`${schema.parks.id} = ${park.id}`);
      expect(rows).toEqual([{ name: "Parc préparé" }]);
    }
    const kept = (await prepared()).filter((statement) => statement.includes('from "parks"') && statement.includes('"parks"."id" = $1'));
    expect(kept).toHaveLength(1);
  });

  it("prepares a transaction's statements on its connection too", async () => {
    const park = await createPark(database.db, { name: "Parc en transaction" });
    await single.db.transaction(async (tx) => {
      await tx
        .update(schema.parks)
        .set({ region: "Hauts-de-France" })
        .where(sql`${schema.parks.id} = ${park.id}`);
    });
    expect((await prepared()).some((statement) => statement.startsWith('update "parks" set "region" = $1'))).toBe(true);
    const [row] = await single.db
      .select({ region: schema.parks.region })
      .from(schema.parks)
      .where(sql`${schema.parks.id} = ${park.id}`);
    expect(row?.region).toBe("Hauts-de-France");
  });

  it("does not keep a statement whose text grows with its rows (over 100 parameters)", async () => {
    const ids = Array.from({ length: 101 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    const rows = await single.db
      .select({ id: schema.parks.id })
      .from(schema.parks)
      .where(
        sql`${schema.parks.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    expect(rows).toEqual([]);
    expect((await prepared()).some((statement) => statement.includes("$101"))).toBe(false);
  });

  it("prepares a statement again when the table changed under it", async () => {
    const park = await createPark(database.db, { name: "Parc modifié" });
    await expectAnswersAcrossAnAddedColumn(database.db, "Parc modifié", () => rowsOf(sql`select * from parks where id = ${park.id}`));
  });
});
