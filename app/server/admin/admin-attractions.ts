import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AdminAttractionEdit, AdminAttractionReview, AdminAttractionRow } from "~/domain/admin-attraction-rows";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import { ATTRACTION_TYPES, attractionTypeName, type AttractionTypeName } from "~/domain/attraction-types";
import { manufacturerSlugOf } from "~/domain/manufacturer-list";
import { isUuid } from "~/domain/ids";
import type { ModerationStatus } from "~/domain/moderation";
import { RIDE_ADMIN_EDIT_FIELDS, RIDE_FIELDS } from "~/domain/ride-fields";
import { searchKey } from "~/domain/search";
import type { Executor } from "../db/database";
import { attractionRatings, attractions, attractionTypes, parks, profiles } from "../db/schema";
import { declaredColumns } from "../catalog/catalogue-columns";
import { cursorText, keyset, keysetResult } from "./keyset";

export type AdminAttractionFilter = { search: string; status: ModerationStatus | null; page: PageRequest };

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
export async function listAdminAttractions(db: Executor, filter: AdminAttractionFilter): Promise<KeysetPage<AdminAttractionRow>> {
  const page = keyset(attractions.createdAt, attractions.id, filter.page);
  const conditions: Array<SQL | undefined> = [page.where];
  if (filter.status) conditions.push(eq(attractions.moderationStatus, filter.status));
  const key = searchKey(filter.search);
  if (key) {
    const pattern = `%${key.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`(${attractions.searchName} LIKE ${pattern}
      OR ${attractions.parkId} = ANY(ARRAY(SELECT sp.id FROM parks sp WHERE sp.search_name LIKE ${pattern}))
      OR ${attractions.createdBy} = ANY(ARRAY(SELECT su.id FROM profiles su WHERE lower(su.username) = ${filter.search.toLowerCase()})))`);
  }
  const rows = await db
    .select({
      id: attractions.id,
      cursorAt: cursorText(attractions.createdAt),
      name: attractions.name,
      slug: attractions.slug,
      parkName: parks.name,
      parkSlug: parks.slug,
      type: attractionTypes.name,
      creator: profiles.username,
      createdAt: attractions.createdAt,
      moderationStatus: attractions.moderationStatus,
    })
    .from(attractions)
    .innerJoin(parks, eq(parks.id, attractions.parkId))
    .innerJoin(attractionTypes, eq(attractionTypes.id, attractions.typeId))
    .leftJoin(profiles, eq(profiles.id, attractions.createdBy))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return keysetResult(
    rows.map((row) => ({ ...row, type: row.type as AttractionTypeName, createdAt: row.createdAt.toISOString() })),
    filter.page,
  );
}

/** A ride's name, for the reviews view's title; null when there is no such ride. */
export async function attractionHeading(db: Executor, id: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: attractions.id, name: attractions.name }).from(attractions).where(eq(attractions.id, id));
  return row ?? null;
}

/** One page of a ride's reviews, newest first (the ratings' (attraction_id, created_at) index). */
export async function listAttractionReviews(db: Executor, attractionId: string, request: PageRequest): Promise<KeysetPage<AdminAttractionReview>> {
  const page = keyset(attractionRatings.createdAt, attractionRatings.id, request);
  const rows = await db
    .select({
      id: attractionRatings.id,
      cursorAt: cursorText(attractionRatings.createdAt),
      username: profiles.username,
      rating: attractionRatings.rating,
      audienceType: attractionRatings.audienceType,
      comment: attractionRatings.comment,
      hidden: sql<boolean>`${attractionRatings.hiddenAt} IS NOT NULL`,
      createdAt: attractionRatings.createdAt,
    })
    .from(attractionRatings)
    .innerJoin(profiles, eq(profiles.id, attractionRatings.userId))
    .where(and(eq(attractionRatings.attractionId, attractionId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return keysetResult(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    request,
  );
}

/** The edit form's values of a ride; null when there is no such ride. */
export async function editableAttraction(db: Executor, id: string): Promise<AdminAttractionEdit | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: attractions.id, ...declaredColumns(attractions, RIDE_FIELDS, RIDE_ADMIN_EDIT_FIELDS) })
    .from(attractions)
    .where(eq(attractions.id, id));
  return row ? { ...row, type: attractionTypeName(row.type), manufacturer: manufacturerSlugOf(row.manufacturer) } : null;
}

/** The attraction types of the edit form's select, as the database lists them (those the domain knows). */
export async function attractionTypeNames(db: Executor): Promise<AttractionTypeName[]> {
  const rows = await db.select({ name: attractionTypes.name }).from(attractionTypes).orderBy(asc(attractionTypes.id));
  return rows.map((row) => row.name).filter((name): name is AttractionTypeName => (ATTRACTION_TYPES as readonly string[]).includes(name));
}
