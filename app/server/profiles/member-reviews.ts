import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentUser } from "~/domain/current-user";
import { MEMBER_REVIEWS_PER_PAGE, type MemberReviewPage, type MemberReviewSort } from "~/domain/member-reviews";
import { queryRows, type Executor } from "../db/database";
import { parkRatingScore } from "../ratings/park-rating-score";
import { visibleTo } from "../catalog/visibility";
import { visibleReview } from "../catalog/review-visibility";
import { attractionRatings, attractions, parkRatings, parks } from "../db/schema";

// The statement names either rating table `r`: the visibility condition must say `r` too.
const parkReview = alias(parkRatings, "r");
const attractionReview = alias(attractionRatings, "r");

const ORDER: Record<MemberReviewSort, ReturnType<typeof sql.raw>> = {
  "date-desc": sql.raw("created_at DESC, id"),
  "date-asc": sql.raw("created_at ASC, id"),
  "rating-desc": sql.raw("rating DESC, created_at DESC, id"),
  "rating-asc": sql.raw("rating ASC, created_at DESC, id"),
  "name-asc": sql.raw("lower(target_name) ASC, created_at DESC, id"),
  "name-desc": sql.raw("lower(target_name) DESC, created_at DESC, id"),
};

type Row = {
  kind: "park" | "attraction";
  id: string;
  target_id: string;
  target_name: string;
  park_name: string | null;
  rating: number;
  comment: string | null;
  created_at: string | Date;
  hidden: boolean;
  total: number;
};

/**
 * One page of a member's park and attraction reviews in one statement, sorted
 * in SQL over the member's own rows (user-first unique indexes). Reviews of a
 * park or attraction the viewer may not see (a pending contribution) are left
 * out, as everywhere else, and so are reviews hidden by auto-moderation (but
 * for their author, who sees them marked).
 */
export async function listMemberReviews(
  db: Executor,
  userId: string,
  viewer: CurrentUser | null,
  sort: MemberReviewSort,
  page: number,
): Promise<MemberReviewPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT reviews.*, count(*) OVER ()::int AS total FROM (
        SELECT 'park' AS kind, r.id, parks.id AS target_id, parks.name AS target_name, NULL::text AS park_name,
          ${parkRatingScore("r")}::float8 AS rating,
          r.comment, r.created_at, r.hidden_at IS NOT NULL AS hidden
        FROM park_ratings r
        JOIN parks ON parks.id = r.park_id
        WHERE r.user_id = ${userId} AND ${visibleTo(parks, viewer)} AND ${visibleReview(parkReview, viewer)}
        UNION ALL
        SELECT 'attraction', r.id, attractions.id, attractions.name, parks.name, r.rating::float8, r.comment, r.created_at,
          r.hidden_at IS NOT NULL
        FROM attraction_ratings r
        JOIN attractions ON attractions.id = r.attraction_id
        JOIN parks ON parks.id = attractions.park_id
        WHERE r.user_id = ${userId} AND ${visibleTo(attractions, viewer)} AND ${visibleTo(parks, viewer)}
          AND ${visibleReview(attractionReview, viewer)}
      ) reviews
      ORDER BY ${ORDER[sort]}
      LIMIT ${MEMBER_REVIEWS_PER_PAGE} OFFSET ${(page - 1) * MEMBER_REVIEWS_PER_PAGE}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    reviews: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      targetId: row.target_id,
      targetName: row.target_name,
      parkName: row.park_name,
      rating: row.rating,
      comment: row.comment,
      createdAt: new Date(row.created_at).toISOString(),
      hidden: row.hidden,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / MEMBER_REVIEWS_PER_PAGE)),
  };
}
