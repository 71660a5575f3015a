import { and, eq, or, sql } from "drizzle-orm";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import type { AdminParkDetail, AdminParkReview, AdminParkRow } from "~/domain/admin-parks";
import type { ModerationStatus } from "~/domain/moderation";
import { PARK_ADMIN_EDIT_FIELDS, PARK_FIELDS } from "~/domain/park-fields";
import { searchKey } from "~/domain/search";
import type { Executor } from "../db/database";
import { parkRatings, parks, profiles } from "../db/schema";
import { declaredColumns } from "../catalog/catalogue-columns";
import { parkRatingScore } from "../db/park-rating-score";
import { cursorText, keyset, keysetResult, withIsoDate } from "./keyset";
import { targetReviewRows } from "./target-review-page";

export type AdminParkFilters = { search: string; status: ModerationStatus | null; page: PageRequest };

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * One page of the back office's park list (docs/rules/back-office.md#park-management), newest first, in
 * any moderation state, with the creator's username: ONE statement. The
 * search matches the park's name (accents and case folded, the trigram index
 * of search_name) or the creator's username.
 */
export async function listAdminParks(db: Executor, filters: AdminParkFilters): Promise<KeysetPage<AdminParkRow>> {
  const page = keyset(parks.createdAt, parks.id, filters.page);
  const search = filters.search
    ? or(
        sql`${parks.searchName} LIKE ${likePattern(searchKey(filters.search))}`,
        sql`lower(${profiles.username}) LIKE ${likePattern(filters.search.toLowerCase())}`,
      )
    : undefined;
  const rows = await db
    .select({
      id: parks.id,
      cursorAt: cursorText(parks.createdAt),
      name: parks.name,
      slug: parks.slug,
      creatorName: profiles.username,
      createdAt: parks.createdAt,
      moderationStatus: parks.moderationStatus,
      rejectionReason: parks.rejectionReason,
    })
    .from(parks)
    .leftJoin(profiles, eq(profiles.id, parks.createdBy))
    .where(and(page.where, filters.status ? eq(parks.moderationStatus, filters.status) : undefined, search))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return keysetResult(rows.map(withIsoDate), filters.page);
}

/** A park as the edit form shows it, in any state; null when it does not exist (any more). */
export async function findAdminPark(db: Executor, id: string): Promise<AdminParkDetail | null> {
  const [park] = await db
    .select({ id: parks.id, ...declaredColumns(parks, PARK_FIELDS, PARK_ADMIN_EDIT_FIELDS) })
    .from(parks)
    .where(eq(parks.id, id));
  return park ?? null;
}

/**
 * 'Avis pour {name}': the park's name, then one keyset page of its reviews,
 * newest first (a popular park has thousands), each with its author and its
 * score — the mean of the sub-ratings it gives (docs/rules/catalogue.md#park-scores), to one
 * decimal. Null when the park does not exist. Two statements.
 */
export async function listAdminParkReviews(
  db: Executor,
  parkId: string,
  pageRequest: PageRequest,
): Promise<{ park: { id: string; name: string }; reviews: KeysetPage<AdminParkReview> } | null> {
  const [park] = await db.select({ id: parks.id, name: parks.name }).from(parks).where(eq(parks.id, parkId));
  if (!park) return null;
  const score = sql<number>`round(${parkRatingScore("park_ratings")}, 1)::float8`;
  const rows = await targetReviewRows(db, parkRatings, eq(parkRatings.parkId, parkId), { score }, pageRequest);
  return { park, reviews: keysetResult(rows.map(withIsoDate), pageRequest) };
}
