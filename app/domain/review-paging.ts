/**
 * Paging of the reviews on park and ride pages (docs/rules/ratings.md#review-paging, decision 0027):
 * a page shows REVIEWS_PER_PAGE reviews and a 'Voir plus d'avis' link whose
 * address carries the keyset cursor of the last one shown in `?avis=`, the
 * same parameter in both languages. Without JavaScript the link opens the
 * next page; with it, the next reviews come from /api/reviews/:kind/:id
 * (app/routes/api.reviews.tsx) and are added in place. The cursor is opaque here: only app/server/ratings/review-cursor.ts
 * reads it.
 */
export const REVIEWS_PER_PAGE = 5;

export const REVIEW_CURSOR_PARAM = "avis";

/**
 * The most pages one call of the JSON endpoint returns (`&pages=`): the in-place list
 * reloads every page it added in one call when the page's data is reloaded
 * (a vote, a live update). 20 pages are 100 reviews, far more than anyone
 * reads on one page.
 */
export const REVIEW_PAGES_MAX = 20;

export type ReviewKind = "park" | "attraction";

export type ReviewPage<Review> = { reviews: Review[]; next: string | null };

/** A page's reviews as the park and ride pages draw them, with their links' addresses: the next reviews', the first ones' (null on the first page). */
export type ShownReviews<Review> = ReviewPage<Review> & { nextAddress: string | null; firstPageAddress: string | null };

/** The JSON endpoint's answer: a page, or why the request was refused (translated). */
export type ReviewPageAnswer<Review> = ReviewPage<Review> | { error: string };

/**
 * The address of the reviews after `cursor` on the same page (its other parameters, e.g. the ride filters,
 * kept), scrolled to the reviews' heading (`park-reviews`, `attraction-reviews`): they are below the page's header.
 */
export function reviewPageHref(search: URLSearchParams, cursor: string, kind: ReviewKind): string {
  const next = new URLSearchParams(search);
  next.set(REVIEW_CURSOR_PARAM, cursor);
  return `?${next.toString()}#${kind}-reviews`;
}

/**
 * The member's own review on a park or ride page: `own`, or, on their shared page, the first review of the first
 * page when it is theirs. Their part sends that review once, in the list, where it is shown first (decision 0080):
 * its `own` is then null.
 */
export function ownReviewOf<Review extends { isMine: boolean }>(own: Review | null, page: ShownReviews<Review>): Review | null {
  return own ?? (page.firstPageAddress === null && page.reviews[0]?.isMine ? page.reviews[0] : null);
}
