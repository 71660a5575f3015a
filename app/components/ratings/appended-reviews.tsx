import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { REVIEW_CURSOR_PARAM, REVIEW_PAGES_MAX, reviewPageHref, type ReviewKind, type ReviewPage } from "~/domain/review-paging";
import type { ReviewBase } from "~/domain/reviews";

/**
 * The reviews added in place by 'Voir plus d'avis' (decision 0027), loaded
 * with the first click. They are one request's answer: every page added so
 * far, read again in one call after the page's last review (`after`). The
 * request is made again whenever the page's own data is reloaded (a vote, a
 * live update: `shown` is then a new list), so the added reviews stay as
 * fresh as the others; when the page's own reviews end elsewhere after such a
 * reload (a vote moved one across), they are read again from the new end.
 * Each click moves the focus to the first added review and announces how
 * many came. A request that fails (network, server) says so here and leaves
 * the page as it was; the link tries again. (A fetcher would have thrown its
 * failure to the route's error page, replacing the whole park page.)
 */
/** The JSON endpoint (app/routes/api.reviews.tsx): `pages` pages of a park's or a ride's reviews after `cursor`. */
function reviewsApiPath(kind: ReviewKind, id: string, cursor: string, pages: number): string {
  return `/api/reviews/${kind}/${id}?${new URLSearchParams({ [REVIEW_CURSOR_PARAM]: cursor, pages: String(pages) }).toString()}`;
}

/** The last answer: the request it answers, the reviews (kept through a failure), whether it failed. */
type Answer = { for: object | null; data: ReviewPage<ReviewBase> | undefined; failed: boolean };

export default function AppendedReviews({
  kind,
  targetId,
  after,
  shown,
  renderReview,
}: {
  kind: ReviewKind;
  targetId: string;
  after: string;
  /** The page's own reviews, above. */
  shown: ReviewBase[];
  renderReview: (review: ReviewBase) => ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [answer, setAnswer] = useState<Answer>({ for: null, data: undefined, failed: false });
  const [pages, setPages] = useState(1);
  // The click being answered: how many added reviews there were before it and the data it was made on;
  // once other data has come, how many it added.
  const [growth, setGrowth] = useState<{ from: number; before: unknown; added: number | null }>({ from: 0, before: undefined, added: null });
  // Another try after a failure, on the link's click.
  const [attempt, setAttempt] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  // `shown` is a new list each time the page's data is reloaded: the added reviews are read again with it.
  const request = useMemo(() => ({ path: reviewsApiPath(kind, targetId, after, pages), shown, attempt }), [kind, targetId, after, pages, shown, attempt]);

  useEffect(() => {
    const abort = new AbortController();
    fetch(request.path, { signal: abort.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = (await response.json()) as ReviewPage<ReviewBase>;
        setAnswer({ for: request, data, failed: false });
      })
      .catch(() => {
        if (!abort.signal.aborted) setAnswer((current) => ({ ...current, for: request, failed: true }));
      });
    return () => abort.abort();
  }, [request]);
  const loading = answer.for !== request;
  const failed = !loading && answer.failed;

  // The page's own reviews may have moved (a reload of its data): never show one twice.
  const added = (answer.data?.reviews ?? []).filter((review) => !shown.some((other) => other.id === review.id));
  if (growth.added === null && !loading && !failed && answer.data !== undefined && answer.data !== growth.before) {
    setGrowth({ ...growth, added: added.length - growth.from });
  }

  useEffect(() => {
    if (!growth.added) return;
    const first = list.current?.children[growth.from];
    if (first instanceof HTMLElement) {
      first.tabIndex = -1;
      first.focus();
    }
  }, [growth]);

  // After a failure the link asks again for the pages that did not come; before the first answer, it waits.
  const next = failed ? (answer.data?.next ?? after) : (answer.data?.next ?? null);
  return (
    <>
      <ul ref={list} className={added.length > 0 ? "mt-3 space-y-3" : undefined}>
        {added.map(renderReview)}
      </ul>
      {failed ? (
        <p role="alert" className="mt-3 text-red-800">
          {t("ratings.reviews.moreFailed")}
        </p>
      ) : null}
      {next ? (
        <p className="mt-3">
          <a
            href={reviewPageHref(searchParams, next, kind)}
            aria-disabled={loading || undefined}
            className="font-medium text-teal-800 underline"
            onClick={(event) => {
              // Past REVIEW_PAGES_MAX pages, or with a modifier, the link opens the next page itself.
              if (pages >= REVIEW_PAGES_MAX || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              if (loading) return;
              if (failed) {
                setAttempt(attempt + 1);
                return;
              }
              setGrowth({ from: added.length, before: answer.data, added: null });
              setPages(pages + 1);
            }}
          >
            {t("ratings.reviews.more")}
          </a>
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {growth.added ? t("ratings.reviews.moreLoaded", { count: growth.added }) : ""}
      </p>
    </>
  );
}
