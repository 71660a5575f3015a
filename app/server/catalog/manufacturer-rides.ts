import { and, asc, count, eq, exists, sql } from "drizzle-orm";
import { isSlugShaped } from "~/domain/slug";
import {
  MANUFACTURER_RIDES_PER_PAGE,
  type ManufacturerRef,
  type ManufacturerRide,
  type ManufacturerSummary,
} from "~/domain/ride-manufacturers";
import type { Executor } from "../db/database";
import { rides, manufacturers, parks } from "../db/schema";
import { publicRide } from "./visibility";
import { rideHeadingColumns, selectRidesWithParkAndType } from "./ride-columns";

/**
 * The manufacturers' side of the catalogue (decision 0052): a maker of the reference list and its
 * public rides (approved rides of approved parks, removed ones too, as a park's page lists them).
 */

/** The maker at `slug`, or null (an address no maker has). */
export async function findManufacturer(db: Executor, slug: string): Promise<(ManufacturerSummary & { id: number }) | null> {
  if (!isSlugShaped(slug)) return null;
  const [row] = await db
    .select({ id: manufacturers.id, name: manufacturers.name, slug: manufacturers.slug, countryCode: manufacturers.countryCode })
    .from(manufacturers)
    .where(eq(manufacturers.slug, slug))
    .limit(1);
  return row ?? null;
}

/** The whole reference list by name: the API's list. */
export async function listManufacturers(db: Executor): Promise<ManufacturerSummary[]> {
  return db
    .select({ name: manufacturers.name, slug: manufacturers.slug, countryCode: manufacturers.countryCode })
    .from(manufacturers)
    .orderBy(asc(manufacturers.name));
}

/**
 * The whole list by name, each maker saying whether it has a public ride: the rankings' filter offers
 * only those (a ranking of the others could only be empty) and finds the chosen one in the same
 * statement. One probe of attractions_manufacturer_idx per maker of the list.
 */
export async function listManufacturerChoices(db: Executor): Promise<Array<ManufacturerRef & { id: number; hasRides: boolean }>> {
  return db
    .select({
      id: manufacturers.id,
      name: manufacturers.name,
      slug: manufacturers.slug,
      hasRides: exists(
        db
          .select({ one: sql`1` })
          .from(rides)
          .innerJoin(parks, eq(parks.id, rides.parkId))
          .where(and(eq(rides.manufacturerId, manufacturers.id), publicRide())),
      ).mapWith(Boolean),
    })
    .from(manufacturers)
    .orderBy(asc(manufacturers.name));
}

/** A ride of a maker's list with what the API adds to the page's columns. */
export type ManufacturerRideRow = ManufacturerRide & {
  parkId: string;
  audienceThrill: number;
  audienceKids: number;
  audienceGeneral: number;
};

/**
 * One page of a maker's public rides, best rated first (unrated last, then by name and id so that pages
 * never overlap), and how many there are: the page's and the API's one query. A walk of attractions_manufacturer_idx.
 */
export async function listManufacturerRides(
  db: Executor,
  manufacturerId: number,
  page: number,
  perPage: number = MANUFACTURER_RIDES_PER_PAGE,
): Promise<{ rides: ManufacturerRideRow[]; total: number }> {
  const where = and(eq(rides.manufacturerId, manufacturerId), publicRide());
  const [rows, [counted]] = await Promise.all([
    selectRidesWithParkAndType(db, {
      ...rideHeadingColumns,
      model: rides.model,
      parkId: parks.id,
      parkName: parks.name,
      parkSlug: parks.slug,
      averageRating: rides.averageRating,
      ratingCount: rides.ratingCount,
      audienceThrill: rides.audienceThrillCount,
      audienceKids: rides.audienceKidsCount,
      audienceGeneral: rides.audienceGeneralCount,
    })
      .where(where)
      .orderBy(sql`${rides.averageRating} DESC NULLS LAST`, asc(rides.name), asc(rides.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: count() })
      .from(rides)
      .innerJoin(parks, eq(parks.id, rides.parkId))
      .where(where),
  ]);
  return {
    rides: rows.map((row) => ({ ...row, averageRating: row.averageRating === null ? null : Number(row.averageRating) })),
    total: counted?.total ?? 0,
  };
}

/** The makers that have public rides, with their latest change: the sitemap's entries. */
export async function listManufacturersWithRides(db: Executor): Promise<Array<ManufacturerRef & { updatedAt: Date }>> {
  const rows = await db
    .select({ name: manufacturers.name, slug: manufacturers.slug, updatedAt: sql<Date | string>`max(${rides.updatedAt})` })
    .from(manufacturers)
    .innerJoin(rides, eq(rides.manufacturerId, manufacturers.id))
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(publicRide())
    .groupBy(manufacturers.id)
    .orderBy(asc(manufacturers.slug));
  return rows.map((row) => ({ ...row, updatedAt: new Date(row.updatedAt) }));
}
