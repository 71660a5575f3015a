import { and, eq } from "drizzle-orm";
import { attractionTypeId, attractionTypeName } from "~/domain/attraction-types";
import { manufacturerIdOf, manufacturerSlugOf } from "~/domain/manufacturer-list";
import type { CatalogueField } from "~/domain/catalogue-field";
import { PARK_FIELDS } from "~/domain/park-fields";
import { RIDE_FIELDS } from "~/domain/ride-fields";
import { ATTRACTION_SUGGESTION_FIELDS, PARK_SUGGESTION_FIELDS, type AttractionValues, type ParkValues, type SuggestionKind, type ValuesOf } from "~/domain/suggested-changes";
import type { Executor, Transaction } from "../db/database";
import { attractions, parks } from "../db/schema";
import { declaredColumns } from "../catalog/catalogue-columns";
import { publicAttraction, publicPark } from "../catalog/visibility";

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
};

// The values a suggestion shows and compares: the declared fields a suggestion takes (decision 0051).
const parkColumns = { id: parks.id, ...declaredColumns(parks, PARK_FIELDS, PARK_SUGGESTION_FIELDS) };

const attractionColumns = { id: attractions.id, parkId: attractions.parkId, ...declaredColumns(attractions, RIDE_FIELDS, ATTRACTION_SUGGESTION_FIELDS) };

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
  const target = kind === "park" ? await findPark(options.lock ?? db, id, Boolean(options.lock)) : await findAttraction(options.lock ?? db, id, Boolean(options.lock));
  return target as SuggestionTarget<Kind> | null;
}

async function findPark(db: Executor, id: string, lock: boolean): Promise<SuggestionTarget<"park"> | null> {
  const query = db.select(parkColumns).from(parks).where(and(eq(parks.id, id), publicPark()));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const { id: parkId, ...values } = row;
  return { kind: "park", id: parkId, parkId, name: row.name, values: values satisfies ParkValues };
}

async function findAttraction(db: Executor, id: string, lock: boolean): Promise<SuggestionTarget<"attraction"> | null> {
  const query = db
    .select(attractionColumns)
    .from(attractions)
    .innerJoin(parks, eq(parks.id, attractions.parkId))
    .where(and(eq(attractions.id, id), publicAttraction()));
  if (lock) {
    // Park first, then the ride: the order of every rating write.
    const [found] = await db.select({ parkId: attractions.parkId }).from(attractions).where(eq(attractions.id, id));
    if (!found) return null;
    await db.select({ id: parks.id }).from(parks).where(eq(parks.id, found.parkId)).for("update");
  }
  const [row] = lock ? await query.for("update", { of: attractions }) : await query;
  if (!row) return null;
  const { id: attractionId, parkId, type, manufacturer, ...rest } = row;
  const values: AttractionValues = { ...rest, type: attractionTypeName(type), manufacturer: manufacturerSlugOf(manufacturer) };
  return { kind: "attraction", id: attractionId, parkId, name: row.name, values };
}

/**
 * The columns an accepted change writes: the values' own, or their declarations' (decision 0051); a type
 * and a manufacturer are stored as their ids (decision 0052).
 */
export function attractionColumnsOf(changes: Partial<AttractionValues>): Partial<typeof attractions.$inferInsert> {
  const { type, manufacturer, ...same } = changes;
  const columns = Object.fromEntries(Object.entries(same).map(([field, value]) => [(RIDE_FIELDS[field as keyof typeof same] as CatalogueField).column ?? field, value]));
  return {
    ...columns,
    ...(type === undefined ? {} : { typeId: attractionTypeId(type) }),
    ...(manufacturer === undefined ? {} : { manufacturerId: manufacturer === null ? null : manufacturerIdOf(manufacturer) }),
  };
}
