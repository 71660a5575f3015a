import { expect } from "vitest";
import type { Executor } from "~/server/db/database";
import { aggregateSnapshot } from "./aggregate-snapshot";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";

/**
 * The aggregates the writes maintained one by one equal those rebuilt from
 * every row by recomputeAllAggregates, the reference definition.
 */
export async function expectAggregatesAsRecomputed(db: Executor): Promise<void> {
  const maintained = await aggregateSnapshot(db);
  await recomputeAllAggregates(db);
  expect(maintained).toEqual(await aggregateSnapshot(db));
}
