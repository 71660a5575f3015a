import { isUuid } from "./ids";

/** The profile's review list (docs/rules/profiles.md#member-reviews): sortable by date, rating and name, both ways. */
export const MEMBER_REVIEW_SORTS = ["date-desc", "date-asc", "rating-desc", "rating-asc", "name-asc", "name-desc"] as const;
export type MemberReviewSort = (typeof MEMBER_REVIEW_SORTS)[number];

export const MEMBER_REVIEWS_PER_PAGE = 20;

export function readMemberReviewSort(value: string | null): MemberReviewSort {
  return (MEMBER_REVIEW_SORTS as readonly string[]).includes(value ?? "") ? (value as MemberReviewSort) : "date-desc";
}

/**
 * Which page of the list the address asks for (decision 0031): keyset paging,
 * never an offset. `?after=<review id>` is the page that follows that review
 * in the chosen sort, `?before=<review id>` the one before it; neither (or a
 * malformed id, or an old `?page=` link) is the first page.
 */
export type MemberReviewCursor = { direction: "after" | "before"; reviewId: string | null };

export function readMemberReviewCursor(params: URLSearchParams): MemberReviewCursor {
  const before = params.get("before");
  if (isUuid(before ?? undefined)) return { direction: "before", reviewId: before };
  const after = params.get("after");
  return { direction: "after", reviewId: isUuid(after ?? undefined) ? after : null };
}

/** One review of the member's list, as listMemberReviews (app/server/profiles/member-reviews.ts) returns it. */
type MemberReview = {
  kind: "park" | "attraction";
  id: string;
  /** The park's or the attraction's id: links go to /parks/{id} and /attractions/{id}. */
  targetId: string;
  targetName: string;
  /** The attraction's park; null for a park review. */
  parkName: string | null;
  /** An attraction's stars, or a park review's score (mean of its sub-ratings). */
  rating: number;
  comment: string | null;
  createdAt: string;
  /** Hidden by auto-moderation: listed only for its author (and the administrator), with a notice. */
  hidden: boolean;
};

/** A page of the list, with the review ids its 'previous' and 'next' links page from (null when there is none). */
export type MemberReviewPage = { reviews: MemberReview[]; previous: string | null; next: string | null };
