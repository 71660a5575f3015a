import { and, eq } from "drizzle-orm";
import { ATTRACTION_TYPES, attractionTypeId } from "~/domain/attraction-types";
import type { AttractionValues, ParkValues, SuggestionKind, ValuesOf } from "~/domain/suggested-changes";
import type { Executor, Transaction } from "../db/database";
import { attractions, parks } from "../db/schema";
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

const parkColumns = {
  id: parks.id,
  name: parks.name,
  region: parks.region,
  country: parks.country,
  descriptionFr: parks.descriptionFr,
  descriptionEn: parks.descriptionEn,
  openingYear: parks.openingYear,
  adultPrice: parks.adultPrice,
  childPrice: parks.childPrice,
  openingHours: parks.openingHours,
  latitude: parks.latitude,
  longitude: parks.longitude,
  imageUrl: parks.imageUrl,
};

const attractionColumns = {
  id: attractions.id,
  parkId: attractions.parkId,
  name: attractions.name,
  typeId: attractions.typeId,
  status: attractions.status,
  descriptionFr: attractions.descriptionFr,
  descriptionEn: attractions.descriptionEn,
  minHeightAlone: attractions.minHeightAlone,
  minHeightForbidden: attractions.minHeightForbidden,
  duration: attractions.duration,
  capacityPerHour: attractions.capacityPerHour,
  openingYear: attractions.openingYear,
  trackLength: attractions.trackLength,
  height: attractions.height,
  inversions: attractions.inversions,
  maxSpeed: attractions.maxSpeed,
  youtubeUrl: attractions.youtubeUrl,
  imageUrl: attractions.imageUrl,
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
  const { id: attractionId, parkId, typeId, youtubeUrl, ...rest } = row;
  const values: AttractionValues = { ...rest, type: ATTRACTION_TYPES[typeId - 1]!, videoId: youtubeUrl };
  return { kind: "attraction", id: attractionId, parkId, name: row.name, values };
}

/** The columns an accepted change writes: the values' names are the columns' but for the ride's type and video. */
export function attractionColumnsOf(changes: Partial<AttractionValues>) {
  const { type, videoId, ...same } = changes;
  return {
    ...same,
    ...(type === undefined ? {} : { typeId: attractionTypeId(type) }),
    ...(videoId === undefined ? {} : { youtubeUrl: videoId }),
  };
}
