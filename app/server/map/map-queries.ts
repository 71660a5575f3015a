import { and, asc, between, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { GeoBox } from "~/domain/map-view";
import type { MapPark, UnlocatedParks } from "~/domain/map-parks";
import type { Executor } from "../db/database";
import { parks } from "../db/schema";
import { publicPark } from "../catalog/visibility";

/** What the map needs of a park, and nothing more: these rows are the page's only read of the catalogue. */
const mapParkColumns = {
  id: parks.id,
  name: parks.name,
  slug: parks.slug,
  region: parks.region,
  country: parks.country,
  averageRating: parks.averageRating,
  ratingCount: parks.ratingCount,
  latitude: sql<number>`${parks.latitude}`,
  longitude: sql<number>`${parks.longitude}`,
};

/**
 * The approved parks with a location in a scope (a country, a box, or everywhere), best rated first: one query
 * for all the marks of a view, whose first rows are also the list's. Both-or-neither is a constraint
 * (parks_location), so testing the latitude is enough.
 */
export async function listMapParks(db: Executor, scope: { country?: string; box?: GeoBox }): Promise<MapPark[]> {
  const { country, box } = scope;
  return db
    .select(mapParkColumns)
    .from(parks)
    .where(
      and(
        publicPark(),
        isNotNull(parks.latitude),
        country ? eq(parks.country, country) : undefined,
        box ? between(parks.latitude, box.south, box.north) : undefined,
        box ? between(parks.longitude, box.west, box.east) : undefined,
      ),
    )
    .orderBy(sql`${parks.averageRating} DESC NULLS LAST`, desc(parks.ratingCount), asc(parks.name));
}

/** The approved parks without a location (in a country, or everywhere): how many, and the first few by name. */
export async function listUnlocatedParks(db: Executor, country: string | null, limit: number): Promise<UnlocatedParks> {
  const rows = await db
    .select({ name: parks.name, slug: parks.slug, country: parks.country, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(parks)
    .where(and(publicPark(), isNull(parks.latitude), country ? eq(parks.country, country) : undefined))
    .orderBy(asc(parks.name))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, parks: rows.map(({ name, slug, country: where }) => ({ name, slug, country: where })) };
}

/** An approved park's place, for its locator map; null for a park without one (or not public). */
export async function findParkPlace(db: Executor, id: string): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db
    .select({ latitude: mapParkColumns.latitude, longitude: mapParkColumns.longitude })
    .from(parks)
    .where(and(eq(parks.id, id), publicPark(), isNotNull(parks.latitude)))
    .limit(1);
  return row ?? null;
}
