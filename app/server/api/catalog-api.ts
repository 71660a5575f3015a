import { and, asc, eq, gte, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type * as z from "zod";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { RideTypeName } from "~/domain/ride-types";
import { encodeParkCursor, type ApiParkSort, type ParkCursor } from "~/domain/api-paging";
import { localizedDescription } from "~/domain/descriptions";
import { PARK_FIELDS } from "~/domain/park-fields";
import { RIDE_FIELDS } from "~/domain/ride-fields";
import type { Executor } from "../db/database";
import { rideTypes, rides, manufacturers, parks } from "../db/schema";
import { PARK_SORT_COLUMNS } from "../catalog/park-queries";
import { publicRide, publicPark } from "../catalog/visibility";
import { rideHeadingColumns, selectRidesWithParkAndType } from "../catalog/ride-columns";
import { apiValues } from "./api-fields";
import type { parkDetail, parkSummary, rideDetail, rideSummary } from "./api-schemas";
import type { ApiUrls } from "./api-urls";

/**
 * The public API's parks and rides (docs/rules/catalogue.md#public-api): approved content only (publicPark, publicRide),
 * read from the maintained aggregates like the pages (docs/rules/quality.md#maintained-aggregates); never an author or any
 * member's data.
 */

/** Ties by number of ratings, then id (stable, so keyset paging holds); the sort columns are the home list's. */
const SORT_COLUMNS: Record<ApiParkSort, AnyPgColumn> = PARK_SORT_COLUMNS;

export type ParkListRequest = {
  country?: string;
  region?: string;
  min?: number;
  sort: ApiParkSort;
  limit: number;
  cursor: ParkCursor | null;
};

const summaryColumns = {
  id: parks.id,
  name: parks.name,
  slug: parks.slug,
  country: parks.country,
  region: parks.region,
  latitude: parks.latitude,
  longitude: parks.longitude,
  averageRating: parks.averageRating,
  ratingCount: parks.ratingCount,
  attractionsRating: parks.attractionsRating,
  attractionsCount: parks.attractionsCount,
};
type SummaryRow = {
  id: string;
  name: string;
  slug: string;
  country: string;
  region: string;
  latitude: number | null;
  longitude: number | null;
  averageRating: number | null;
  ratingCount: number;
  attractionsRating: number | null;
  attractionsCount: number;
};

/**
 * One page of approved parks after the cursor, and the cursor of the next page (null on the last).
 *
 * The order is (sort value DESC NULLS LAST, rating_count DESC, id DESC): one direction throughout, so
 * "after the cursor" is a row comparison an index can start from. Unrated parks (a null value) come
 * last: a page that reaches them reads them with a second query, since a row comparison with a null
 * is never true. At most two queries, each reading `limit + 1` rows.
 */
export async function listApiParks(db: Executor, request: ParkListRequest) {
  const column = SORT_COLUMNS[request.sort];
  const filters = and(
    publicPark(),
    // The keyset indexes' predicate as a literal too: a prepared statement's generic plan cannot prove it from
    // publicPark()'s bound parameter, and would read the whole table instead of the partial index.
    sql`${parks.moderationStatus} = 'approved'`,
    request.country ? eq(parks.country, request.country) : undefined,
    request.region ? eq(parks.region, request.region) : undefined,
    request.min ? gte(parks.averageRating, request.min) : undefined,
  );
  const wanted = request.limit + 1;
  const read = (where: SQL | undefined, count: number) =>
    db
      .select({ ...summaryColumns, sortValue: sql<number | string | null>`${column}` })
      .from(parks)
      .where(and(filters, where))
      // NULLS LAST throughout, as the keyset indexes are built (for the NOT NULL columns it changes nothing but the match).
      .orderBy(sql`${column} DESC NULLS LAST`, sql`${parks.ratingCount} DESC NULLS LAST`, sql`${parks.id} DESC NULLS LAST`)
      .limit(count);

  const cursor = request.cursor;
  let rows;
  if (!cursor) {
    rows = await read(undefined, wanted);
  } else if (cursor.value === null) {
    rows = await read(and(isNull(column), sql`(${parks.ratingCount}, ${parks.id}) < (${cursor.ratingCount}, ${cursor.id})`), wanted);
  } else {
    const after = sql`(${column}, ${parks.ratingCount}, ${parks.id}) < (${cursor.value}, ${cursor.ratingCount}, ${cursor.id})`;
    rows = await read(and(isNotNull(column), after), wanted);
    if (rows.length < wanted) rows = rows.concat(await read(isNull(column), wanted - rows.length));
  }
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const value = last?.sortValue === null || last?.sortValue === undefined ? null : Number(last.sortValue);
  const next = rows.length > request.limit && last ? encodeParkCursor({ sort: request.sort, value, ratingCount: last.ratingCount, id: last.id }) : null;
  return { parks: page, next };
}

export function parkSummaryOf(row: SummaryRow, urls: ApiUrls): z.input<typeof parkSummary> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    country: row.country,
    region: row.region,
    latitude: row.latitude,
    longitude: row.longitude,
    rating: { average: numberOrNull(row.averageRating), count: row.ratingCount },
    attractionsRating: numberOrNull(row.attractionsRating),
    attractionsCount: row.attractionsCount,
    pageUrls: urls.page(`/${row.slug}`),
    links: { self: urls.api(`/parks/${row.id}`), rides: urls.api(`/parks/${row.id}/rides`) },
  };
}

/** An approved park with its aggregates, or null (unknown, pending or rejected: the same 404 for all). */
export async function findApiPark(db: Executor, id: string, urls: ApiUrls): Promise<z.input<typeof parkDetail> | null> {
  const [park] = await db
    .select()
    .from(parks)
    .where(and(eq(parks.id, id), publicPark()))
    .limit(1);
  if (!park) return null;
  // The category columns come from a helper whose types allow null; they are NOT NULL DEFAULT 0.
  const category = (sum: number | null, count: number | null) =>
    count ? { average: round2((sum ?? 0) / count), count } : { average: null, count: 0 };
  return {
    ...parkSummaryOf(park, urls),
    description: { fr: localizedDescription("fr", park), en: localizedDescription("en", park) },
    ...apiValues(PARK_FIELDS, park),
    categoryRatings: {
      kidsFriendly: category(park.kidsFriendlySum, park.kidsFriendlyCount),
      familyFriendly: category(park.familyFriendlySum, park.familyFriendlyCount),
      thrill: category(park.thrillSum, park.thrillCount),
      theming: category(park.themingSum, park.themingCount),
      operations: category(park.operationsSum, park.operationsCount),
      value: category(park.valueSum, park.valueCount),
    },
    visitDurations: { halfDay: park.visitHalfDayCount, fullDay: park.visitFullDayCount, twoDays: park.visitTwoDaysCount },
  };
}

const rideColumns = {
  ...rideHeadingColumns,
  averageRating: rides.averageRating,
  ratingCount: rides.ratingCount,
  audienceThrill: rides.audienceThrillCount,
  audienceKids: rides.audienceKidsCount,
  audienceGeneral: rides.audienceGeneralCount,
  // Null when the ride names no maker (the rides are read with a left join on manufacturers).
  manufacturer: { slug: manufacturers.slug, name: manufacturers.name },
  model: rides.model,
};
type RideRow = {
  id: string;
  name: string;
  slug: string;
  type: RideTypeName;
  status: "operating" | "removed";
  averageRating: number | null;
  ratingCount: number;
  audienceThrill: number;
  audienceKids: number;
  audienceGeneral: number;
  manufacturer: { slug: string; name: string } | null;
  model: string | null;
};

export function rideSummaryOf(row: RideRow, parkSlug: string, urls: ApiUrls): z.input<typeof rideSummary> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    status: row.status,
    manufacturer: row.manufacturer,
    model: row.model,
    rating: { average: numberOrNull(row.averageRating), count: row.ratingCount },
    audience: { thrill: row.audienceThrill, kids: row.audienceKids, general: row.audienceGeneral },
    pageUrls: urls.page(`/${parkSlug}/${row.slug}`),
    links: { self: urls.api(`/rides/${row.id}`) },
  };
}

/** The approved rides of an approved park, best rated first as on its page; null when the park is not public. */
export async function listApiRidesOfPark(db: Executor, parkId: string, urls: ApiUrls) {
  const [park] = await db
    .select({ slug: parks.slug })
    .from(parks)
    .where(and(eq(parks.id, parkId), publicPark()))
    .limit(1);
  if (!park) return null;
  const rows = await db
    .select(rideColumns)
    .from(rides)
    .innerJoin(rideTypes, eq(rideTypes.id, rides.typeId))
    .leftJoin(manufacturers, eq(manufacturers.id, rides.manufacturerId))
    .where(and(eq(rides.parkId, parkId), eq(rides.moderationStatus, "approved")))
    .orderBy(sql`${rides.averageRating} DESC NULLS LAST`, asc(rides.name), asc(rides.id));
  return rows.map((row) => rideSummaryOf(row, park.slug, urls));
}

/** An approved ride of an approved park, or null. */
export async function findApiRide(db: Executor, id: string, urls: ApiUrls): Promise<z.input<typeof rideDetail> | null> {
  const [row] = await selectRidesWithParkAndType(db, {
    ride: rides,
    type: sql<RideTypeName>`${rideTypes.name}`,
    park: { id: parks.id, name: parks.name, slug: parks.slug },
    manufacturer: rideColumns.manufacturer,
  })
    .leftJoin(manufacturers, eq(manufacturers.id, rides.manufacturerId))
    .where(and(eq(rides.id, id), publicRide()))
    .limit(1);
  if (!row) return null;
  const { ride, park } = row;
  return {
    ...rideSummaryOf(
      {
        ...ride,
        type: row.type,
        manufacturer: row.manufacturer,
        audienceThrill: ride.audienceThrillCount,
        audienceKids: ride.audienceKidsCount,
        audienceGeneral: ride.audienceGeneralCount,
      },
      park.slug,
      urls,
    ),
    park: { ...park, links: { self: urls.api(`/parks/${park.id}`) } },
    description: { fr: localizedDescription("fr", ride), en: localizedDescription("en", ride) },
    ...apiValues(RIDE_FIELDS, ride),
    duels: { wins: ride.duelWins, losses: ride.duelLosses },
  };
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
