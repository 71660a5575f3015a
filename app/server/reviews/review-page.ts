import { REVIEW_CURSOR_PARAM, reviewPageHref, type ReviewKind, type ReviewPage, type ShownReviews } from "~/domain/review-paging";

/**
 * The reviews' page a park or ride page's address asks for (`?avis=`,
 * decision 0027): the decoded cursor, or null for the first reviews — also
 * when the cursor is not one (an edited address), which is no error.
 */
export function requestedReviewCursor<Cursor>(url: URL, decode: (value: string) => Cursor | null): Cursor | null {
  const value = url.searchParams.get(REVIEW_CURSOR_PARAM);
  return value ? decode(value) : null;
}

/**
 * What the page shows: on the first page the member's own review before the
 * others (the list never holds it, so that it is found however far down it
 * ranks); the links' addresses, written here so that the page's first-load
 * script (at its budget) need not build them: the next reviews', and on a
 * later page the first reviews' (the same address without `?avis=`).
 */
export function shownReviews<Review>(url: URL, kind: ReviewKind, cursor: unknown, own: Review | null, page: ReviewPage<Review>): ShownReviews<Review> {
  const nextAddress = page.next ? reviewPageHref(url.searchParams, page.next, kind) : null;
  if (cursor === null) return { reviews: own ? [own, ...page.reviews] : page.reviews, next: page.next, nextAddress, firstPageAddress: null };
  const search = new URLSearchParams(url.searchParams);
  search.delete(REVIEW_CURSOR_PARAM);
  const query = search.toString();
  return { ...page, nextAddress, firstPageAddress: `${url.pathname}${query ? `?${query}` : ""}#${kind}-reviews` };
}
