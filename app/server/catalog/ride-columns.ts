import { eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { RideTypeName } from "~/domain/ride-types";
import type { Executor } from "../db/database";
import { parks, rideTypes, rides } from "../db/schema";

/** What every list of rides shows of each: its id, name and address, its type's name and whether it operates. */
export const rideHeadingColumns = {
  id: rides.id,
  name: rides.name,
  slug: rides.slug,
  type: sql<RideTypeName>`${rideTypes.name}`,
  status: rides.status,
};

/** `columns` of rides, each joined to its park and its type (every ride has both), for the caller's conditions and order. */
export function selectRidesWithParkAndType<Columns extends SelectedFields>(db: Executor, columns: Columns) {
  return db
    // Named as an intersection, drizzle types the rows from the caller's columns (a bare type parameter leaves the joins untyped).
    .select<Columns & SelectedFields>(columns)
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .innerJoin(rideTypes, eq(rideTypes.id, rides.typeId));
}
