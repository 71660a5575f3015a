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
