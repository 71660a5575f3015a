import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Executor } from "~/server/db/database";

/**
 * A kept statement reading `select * from parks …` (`read`, one park named `name`) before, while and after a column
 * is added to parks: each answer has the table's columns of its moment, as when the statement was prepared anew
 * (decisions 0070 and 0073 rely on the driver or on their own code to prepare it again).
 */
export async function expectAnswersAcrossAnAddedColumn(db: Executor, name: string, read: () => Promise<Record<string, unknown>[]>) {
  await read();
  await db.execute(sql`alter table parks add column prepared_probe integer`);
  try {
    const [row] = await read();
    expect(row?.name).toBe(name);
    expect(row).toHaveProperty("prepared_probe", null);
  } finally {
    await db.execute(sql`alter table parks drop column prepared_probe`);
  }
  const [row] = await read();
  expect(row).not.toHaveProperty("prepared_probe");
}
