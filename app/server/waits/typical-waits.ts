import { inArray } from "drizzle-orm";
import { typicalWaitsOf, type WaitCellSums, type WaitProfile } from "~/domain/typical-waits";
import type { Executor } from "../db/database";
import { rideTypicalWaits } from "../db/schema";

/**
 * The typical waits of some rides (docs/rules/waits.md#typical-waits), by ride id: each ride's hours with enough
 * reports, the mean wait and how many reports it rests on; an empty profile for a ride without any. One statement over
 * the maintained sums (ride_typical_waits, at most 48 rows a ride), never the reports. Whether the rides are public is
 * the caller's to check.
 */
export async function readWaitProfiles(db: Executor, rideIds: readonly string[]): Promise<Map<string, WaitProfile>> {
  if (rideIds.length === 0) return new Map();
  const cells = new Map<string, WaitCellSums[]>(rideIds.map((id) => [id, []]));
  const rows = await db
    .select({
      rideId: rideTypicalWaits.rideId,
      dayType: rideTypicalWaits.dayType,
      hour: rideTypicalWaits.hour,
      reports: rideTypicalWaits.reports,
      minutesSum: rideTypicalWaits.minutesSum,
    })
    .from(rideTypicalWaits)
    .where(inArray(rideTypicalWaits.rideId, [...new Set(rideIds)]));
  for (const { rideId, ...cell } of rows) cells.get(rideId)?.push(cell);
  return new Map([...cells].map(([rideId, sums]) => [rideId, typicalWaitsOf(sums)]));
}
