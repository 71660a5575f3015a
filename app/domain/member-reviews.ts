/** The profile's review list (public site §2): sortable by date, rating and name, both ways. */
export const MEMBER_REVIEW_SORTS = ["date-desc", "date-asc", "rating-desc", "rating-asc", "name-asc", "name-desc"] as const;
export type MemberReviewSort = (typeof MEMBER_REVIEW_SORTS)[number];

export const MEMBER_REVIEWS_PER_PAGE = 20;

export function readMemberReviewSort(value: string | null): MemberReviewSort {
  return (MEMBER_REVIEW_SORTS as readonly string[]).includes(value ?? "") ? (value as MemberReviewSort) : "date-desc";
}

/** A 1-based page number from the address; anything else is the first page. */
export function readPageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
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

export type MemberReviewPage = { reviews: MemberReview[]; total: number; page: number; pageCount: number };
