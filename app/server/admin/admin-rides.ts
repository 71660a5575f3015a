import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AdminRideEdit, AdminRideReview, AdminRideRow } from "~/domain/admin-ride-rows";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import { RIDE_TYPES, rideTypeName, type RideTypeName } from "~/domain/ride-types";
import { manufacturerSlugOf } from "~/domain/manufacturer-list";
import { isUuid } from "~/domain/ids";
import type { ModerationStatus } from "~/domain/moderation";
import { RIDE_ADMIN_EDIT_FIELDS, RIDE_FIELDS } from "~/domain/ride-fields";
import { searchKey } from "~/domain/search";
import type { Executor } from "../db/database";
import { rideRatings, rides, rideTypes, parks, profiles } from "../db/schema";
import { declaredColumns } from "../catalog/catalogue-columns";
import { cursorText, keyset, keysetResult, withIsoDate } from "./keyset";
import { targetReviewRows } from "./target-review-page";
import { selectRidesWithParkAndType } from "../catalog/ride-columns";

export type AdminRideFilter = { search: string; status: ModerationStatus | null; page: PageRequest };

/**
 * One page of the rides, newest first, in ONE statement. The search matches the
 * ride's name or its park's name (both "contains", ignoring case and accents,
 * served by the search_name trigram indexes) or its author's username (exact,
 * ignoring case, served by the profiles' unique lower(username) index). The
 * parks and the author are looked up first, as arrays, so that PostgreSQL
 * combines three index scans of attractions (trigram, park_id, created_by)
 * in one bitmap: ~40 ms on the large dataset where an IN (… UNION …) read
 * the whole table.
 */
export async function listAdminRides(db: Executor, filter: AdminRideFilter): Promise<KeysetPage<AdminRideRow>> {
  const page = keyset(rides.createdAt, rides.id, filter.page);
  const conditions: Array<SQL | undefined> = [page.where];
  if (filter.status) conditions.push(eq(rides.moderationStatus, filter.status));
  const key = searchKey(filter.search);
  if (key) {
    const pattern = `%${key.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`(${rides.searchName} LIKE ${pattern}
      OR ${rides.parkId} = ANY(ARRAY(SELECT sp.id FROM parks sp WHERE sp.search_name LIKE ${pattern}))
      OR ${rides.createdBy} = ANY(ARRAY(SELECT su.id FROM profiles su WHERE lower(su.username) = ${filter.search.toLowerCase()})))`);
  }
  const rows = await selectRidesWithParkAndType(db, {
    id: rides.id,
    cursorAt: cursorText(rides.createdAt),
    name: rides.name,
    slug: rides.slug,
    parkName: parks.name,
    parkSlug: parks.slug,
    type: rideTypes.name,
    creator: profiles.username,
    createdAt: rides.createdAt,
    moderationStatus: rides.moderationStatus,
  })
    .leftJoin(profiles, eq(profiles.id, rides.createdBy))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return keysetResult(
    rows.map((row) => withIsoDate({ ...row, type: row.type as RideTypeName })),
    filter.page,
  );
}

/** A ride's name, for the reviews view's title; null when there is no such ride. */
export async function rideHeading(db: Executor, id: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: rides.id, name: rides.name }).from(rides).where(eq(rides.id, id));
  return row ?? null;
}

/** One page of a ride's reviews, newest first (the ratings' (attraction_id, created_at) index). */
export async function listRideReviews(db: Executor, rideId: string, request: PageRequest): Promise<KeysetPage<AdminRideReview>> {
  const values = { rating: rideRatings.rating, audienceType: rideRatings.audienceType };
  const rows = await targetReviewRows(db, rideRatings, eq(rideRatings.rideId, rideId), values, request);
  return keysetResult(rows.map(withIsoDate), request);
}

/** The edit form's values of a ride; null when there is no such ride. */
export async function editableRide(db: Executor, id: string): Promise<AdminRideEdit | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: rides.id, ...declaredColumns(rides, RIDE_FIELDS, RIDE_ADMIN_EDIT_FIELDS) })
    .from(rides)
    .where(eq(rides.id, id));
  return row ? { ...row, type: rideTypeName(row.type), manufacturer: manufacturerSlugOf(row.manufacturer) } : null;
}

/** The attraction types of the edit form's select, as the database lists them (those the domain knows). */
export async function rideTypeNames(db: Executor): Promise<RideTypeName[]> {
  const rows = await db.select({ name: rideTypes.name }).from(rideTypes).orderBy(asc(rideTypes.id));
  return rows.map((row) => row.name).filter((name): name is RideTypeName => (RIDE_TYPES as readonly string[]).includes(name));
}
