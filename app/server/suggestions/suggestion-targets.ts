import { and, eq } from "drizzle-orm";
import { rideTypeId, rideTypeName } from "~/domain/ride-types";
import { manufacturerIdOf, manufacturerSlugOf } from "~/domain/manufacturer-list";
import type { CatalogueField } from "~/domain/catalogue-field";
import { PARK_FIELDS } from "~/domain/park-fields";
import { RIDE_FIELDS } from "~/domain/ride-fields";
import { RIDE_SUGGESTION_FIELDS, PARK_SUGGESTION_FIELDS, type RideValues, type ParkValues, type SuggestionKind, type ValuesOf } from "~/domain/suggested-changes";
import type { Executor, Transaction } from "../db/database";
import { rides, parks } from "../db/schema";
import { declaredColumns } from "../catalog/catalogue-columns";
import { publicRide, publicPark } from "../catalog/visibility";

/**
 * The park or ride an edit suggestion is about, with the values the
 * suggestion forms show and compare with (docs/rules/suggestions.md#who-may-suggest). Only what
 * everyone sees takes suggestions: an approved park, an approved ride of an
 * approved park. A pending contribution is still its author's to have
 * corrected through the administrator, and a rejected one is closed.
 */
export type SuggestionTarget<Kind extends SuggestionKind> = {
  kind: Kind;
  id: string;
  parkId: string;
  name: string;
  values: ValuesOf<Kind>;
  /** Where the park is (the park's own location, or the ride's park's): a ride's new position must be near it (docs/rules/catalogue.md#ride-position). */
  parkLocation: { latitude: number | null; longitude: number | null };
};

// The values a suggestion shows and compares: the declared fields a suggestion takes (decision 0051).
const parkColumns = { id: parks.id, ...declaredColumns(parks, PARK_FIELDS, PARK_SUGGESTION_FIELDS) };

const rideColumns = {
  id: rides.id,
  parkId: rides.parkId,
  parkLocation: { latitude: parks.latitude, longitude: parks.longitude },
  ...declaredColumns(rides, RIDE_FIELDS, RIDE_SUGGESTION_FIELDS),
};

/**
 * The target if it takes suggestions, else null. With `lock`, inside a
 * transaction, the rows are locked in the order every rating write takes
 * them (park, then ride), so that an approval applies its changes to the
 * values it compared.
 */
export async function findSuggestionTarget<Kind extends SuggestionKind>(
  db: Executor,
  kind: Kind,
  id: string,
  options: { lock?: Transaction } = {},
): Promise<SuggestionTarget<Kind> | null> {
  const target = kind === "park" ? await findPark(options.lock ?? db, id, Boolean(options.lock)) : await findRide(options.lock ?? db, id, Boolean(options.lock));
  return target as SuggestionTarget<Kind> | null;
}

async function findPark(db: Executor, id: string, lock: boolean): Promise<SuggestionTarget<"park"> | null> {
  const query = db.select(parkColumns).from(parks).where(and(eq(parks.id, id), publicPark()));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const { id: parkId, ...values } = row;
  return { kind: "park", id: parkId, parkId, name: row.name, values: values satisfies ParkValues, parkLocation: { latitude: row.latitude, longitude: row.longitude } };
}

async function findRide(db: Executor, id: string, lock: boolean): Promise<SuggestionTarget<"attraction"> | null> {
  const query = db
    .select(rideColumns)
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(and(eq(rides.id, id), publicRide()));
  if (lock) {
    // Park first, then the ride: the order of every rating write.
    const [found] = await db.select({ parkId: rides.parkId }).from(rides).where(eq(rides.id, id));
    if (!found) return null;
    await db.select({ id: parks.id }).from(parks).where(eq(parks.id, found.parkId)).for("update");
  }
  const [row] = lock ? await query.for("update", { of: rides }) : await query;
  if (!row) return null;
  const { id: rideId, parkId, parkLocation, type, manufacturer, ...rest } = row;
  const values: RideValues = { ...rest, type: rideTypeName(type), manufacturer: manufacturerSlugOf(manufacturer) };
  return { kind: "attraction", id: rideId, parkId, name: row.name, values, parkLocation };
}

/**
 * The columns an accepted change writes: the values' own, or their declarations' (decision 0051); a type
 * and a manufacturer are stored as their ids (decision 0052).
 */
export function rideColumnsOf(changes: Partial<RideValues>): Partial<typeof rides.$inferInsert> {
  const { type, manufacturer, ...same } = changes;
  const columns = Object.fromEntries(Object.entries(same).map(([field, value]) => [(RIDE_FIELDS[field as keyof typeof same] as CatalogueField).column ?? field, value]));
  return {
    ...columns,
    ...(type === undefined ? {} : { typeId: rideTypeId(type) }),
    ...(manufacturer === undefined ? {} : { manufacturerId: manufacturer === null ? null : manufacturerIdOf(manufacturer) }),
  };
}
