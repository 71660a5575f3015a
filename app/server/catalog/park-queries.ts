import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type { RideStatus, RideTypeName } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import type { ModerationStatus } from "~/domain/moderation";
import type { GeoPoint } from "~/domain/distance";
import { isSlugShaped } from "~/domain/slug";
import { PARKS_PER_PAGE, type ParkListFilters } from "~/domain/park-list";
import type { Executor } from "../db/database";
import { rideTypes, rides, manufacturers, parks, profiles } from "../db/schema";
import { notApproved, publicPark, visibleTo } from "./visibility";
import { rideHeadingColumns, selectRidesWithParkAndType } from "./ride-columns";

/**
 * Read side of parks and attractions for the public pages. Lists, search and
 * rankings show approved content only (docs/rules/catalogue.md#moderation-and-visibility); a park or attraction
 * page also shows its pending contribution to the author (see visibility.ts).
 */

/** What a card of the home list shows, and nothing else: the page's data is in its HTML (decision 0061). */
export type ParkCard = {
  name: string;
  slug: string;
  region: string;
  country: string;
  imageUrl: string | null;
  averageRating: number | null;
  ratingCount: number;
  attractionsCount: number;
  /** Great-circle kilometres from the list's origin; null without an origin or without a location. */
  distanceKm: number | null;
};

/** The column each park sort orders by, best first: the home list's and the public API's (one source). */
export const PARK_SORT_COLUMNS = {
  rating: parks.averageRating,
  kids_friendly: parks.kidsFriendlyAverage,
  family_friendly: parks.familyFriendlyAverage,
  thrill: parks.thrillAverage,
  theming: parks.themingAverage,
  operations: parks.operationsAverage,
  value: parks.valueAverage,
  attractions: parks.attractionsRating,
  attractions_count: parks.attractionsCount,
} as const;

/** Mean Earth radius (IUGG), in km: the haversine's sphere. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Haversine distance in SQL from a point to each park (docs/rules/catalogue.md#near-me), null for parks without a location. On
 * 2,000 parks it is a few thousand trigonometric calls per page, inside the scan the filters make anyway
 * (decision 0034); least() keeps asin's argument ≤ 1 against rounding.
 */
function distanceFrom(origin: GeoPoint) {
  const latitude = sql`${origin.latitude}::double precision`;
  const longitude = sql`${origin.longitude}::double precision`;
  // least() ignores nulls, hence the CASE: a park without a location has no distance, not half the Earth's.
  return sql<number | null>`(CASE WHEN ${parks.latitude} IS NOT NULL THEN ${2 * EARTH_RADIUS_KM} * asin(least(1.0, sqrt(
    power(sin(radians(${parks.latitude} - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(${parks.latitude})) * power(sin(radians(${parks.longitude} - ${longitude}) / 2), 2)))) END)`;
}

/**
 * One page of approved parks, filtered and sorted on the server (never the
 * whole table to the browser), with the total for paging. With an origin,
 * each card has its distance, and the "distance" sort orders by it (parks
 * without a location last), ties broken by name then id so pages do not overlap.
 */
export async function listParks(
  db: Executor,
  filters: ParkListFilters,
  origin: GeoPoint | null = null,
): Promise<{ parks: ParkCard[]; total: number }> {
  const where = and(
    publicPark(),
    filters.country ? eq(parks.country, filters.country) : undefined,
    filters.region ? eq(parks.region, filters.region) : undefined,
    filters.minRating ? gte(parks.averageRating, filters.minRating) : undefined,
  );
  const distance = origin ? distanceFrom(origin) : sql<number | null>`NULL::double precision`;
  // A town that could not be found leaves the list as it would be without it: by rating.
  const sort = filters.sort === "distance" && !origin ? "rating" : filters.sort;
  const order =
    sort === "distance"
      ? [sql`${distance} ASC NULLS LAST`, asc(parks.name), asc(parks.id)]
      : [sql`${PARK_SORT_COLUMNS[sort]} DESC NULLS LAST`, desc(parks.ratingCount), asc(parks.name)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...parkCardColumns, distanceKm: distance })
      .from(parks)
      .where(where)
      .orderBy(...order)
      .limit(PARKS_PER_PAGE)
      .offset((filters.page - 1) * PARKS_PER_PAGE),
    db.select({ total: count() }).from(parks).where(where),
  ]);
  return { parks: rows, total: counted?.total ?? 0 };
}

/** Countries with approved parks, and the regions of one of them, for the filter selectors. */
export async function listParkPlaces(db: Executor, country: string | null) {
  const [countries, regions] = await Promise.all([
    db.selectDistinct({ name: parks.country }).from(parks).where(publicPark()).orderBy(asc(parks.country)),
    country
      ? db.selectDistinct({ name: parks.region }).from(parks).where(and(publicPark(), eq(parks.country, country))).orderBy(asc(parks.region))
      : Promise.resolve([]),
  ]);
  return { countries: countries.map((row) => row.name), regions: regions.map((row) => row.name) };
}

const parkCardColumns = {
  name: parks.name,
  slug: parks.slug,
  region: parks.region,
  country: parks.country,
  imageUrl: parks.imageUrl,
  averageRating: parks.averageRating,
  ratingCount: parks.ratingCount,
  attractionsCount: parks.attractionsCount,
};

export async function findVisibleParkBySlug(db: Executor, slug: string, user: CurrentUser | null) {
  if (!isSlugShaped(slug)) return null;
  const [park] = await db
    .select()
    .from(parks)
    .where(and(eq(parks.slug, slug), visibleTo(parks, user)))
    .limit(1);
  return park ?? null;
}

export async function findVisibleParkSlugById(db: Executor, id: string, user: CurrentUser | null): Promise<string | null> {
  const [park] = await db
    .select({ slug: parks.slug })
    .from(parks)
    .where(and(eq(parks.id, id), visibleTo(parks, user)))
    .limit(1);
  return park?.slug ?? null;
}

const rideListColumns = {
  ...rideHeadingColumns,
  moderationStatus: rides.moderationStatus,
  imageUrl: rides.imageUrl,
  averageRating: rides.averageRating,
  ratingCount: rides.ratingCount,
  audienceCounts: {
    thrill: rides.audienceThrillCount,
    kids: rides.audienceKidsCount,
    general: rides.audienceGeneralCount,
  },
};

export type RideListItem = {
  id: string;
  name: string;
  slug: string;
  type: RideTypeName;
  status: RideStatus;
  moderationStatus: ModerationStatus;
  imageUrl: string | null;
  averageRating: number | null;
  ratingCount: number;
  audienceCounts: { thrill: number; kids: number; general: number };
};

export async function listVisibleRidesOfPark(
  db: Executor,
  parkId: string,
  user: CurrentUser | null,
): Promise<RideListItem[]> {
  return db
    .select(rideListColumns)
    .from(rides)
    .innerJoin(rideTypes, eq(rideTypes.id, rides.typeId))
    .where(and(eq(rides.parkId, parkId), visibleTo(rides, user)))
    .orderBy(sql`${rides.averageRating} DESC NULLS LAST`, asc(rides.name));
}

/**
 * Whether the member has rides of their own in this park that only they see (pending or refused): their page of the
 * park lists them, which the one visitors share does not (decision 0064).
 */
export async function hasOwnUnpublishedRides(db: Executor, parkId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(rides)
    .where(and(eq(rides.parkId, parkId), notApproved(rides), eq(rides.createdBy, userId)))
    .limit(1);
  return row !== undefined;
}

export async function findVisibleRide(db: Executor, parkSlug: string, rideSlug: string, user: CurrentUser | null) {
  if (!isSlugShaped(parkSlug) || !isSlugShaped(rideSlug)) return null;
  const [row] = await selectRidesWithParkAndType(db, {
    attraction: rides,
    type: sql<RideTypeName>`${rideTypes.name}`,
    park: { id: parks.id, name: parks.name, slug: parks.slug, openingHours: parks.openingHours, moderationStatus: parks.moderationStatus },
    // Null when the author's account was deleted (created_by is set null).
    creator: { id: profiles.id, username: profiles.username },
    // Null when the ride names no maker.
    manufacturer: { name: manufacturers.name, slug: manufacturers.slug },
  })
    .leftJoin(profiles, eq(profiles.id, rides.createdBy))
    .leftJoin(manufacturers, eq(manufacturers.id, rides.manufacturerId))
    .where(
      and(
        eq(parks.slug, parkSlug),
        visibleTo(parks, user),
        eq(rides.slug, rideSlug),
        visibleTo(rides, user),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findVisibleRideSlugsById(
  db: Executor,
  id: string,
  user: CurrentUser | null,
): Promise<{ parkSlug: string; rideSlug: string } | null> {
  const [row] = await db
    .select({ parkSlug: parks.slug, rideSlug: rides.slug })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(
      and(eq(rides.id, id), visibleTo(rides, user), visibleTo(parks, user)),
    )
    .limit(1);
  return row ?? null;
}
