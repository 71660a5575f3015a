import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { REVIEW_CURSOR_PARAM, REVIEW_PAGES_MAX, reviewPageHref, type ReviewKind, type ReviewPage } from "~/domain/review-paging";
import type { ReviewBase } from "~/domain/reviews";

/**
 * The reviews added in place by 'Voir plus d'avis' (decision 0027), loaded
 * with the first click. They are one fetcher's data: every page added so
 * far, read again in one call after the page's last review (`after`). React
 * Router reloads a fetcher's data together with the page's after a vote and
 * on a live update, so the added reviews are as fresh as the others in the
 * same render; when the page's own reviews end elsewhere after such a reload
 * (a vote moved one across), they are read again from the new end.
 * Each click moves the focus to the first added review and announces how
 * many came.
 */
/** The JSON endpoint (app/routes/api.reviews.tsx): `pages` pages of a park's or a ride's reviews after `cursor`. */
function reviewsApiPath(kind: ReviewKind, id: string, cursor: string, pages: number): string {
  return `/api/reviews/${kind}/${id}?${new URLSearchParams({ [REVIEW_CURSOR_PARAM]: cursor, pages: String(pages) }).toString()}`;
}

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
  const fetcher = useFetcher<ReviewPage<ReviewBase>>();
  const [pages, setPages] = useState(1);
  // The click being answered: how many added reviews there were before it and the data it was made on;
  // once other data has come, how many it added.
  const [growth, setGrowth] = useState<{ from: number; before: unknown; added: number | null }>({ from: 0, before: undefined, added: null });
  const list = useRef<HTMLUListElement>(null);
  const { load } = fetcher;
  const path = reviewsApiPath(kind, targetId, after, pages);

  useEffect(() => {
    void load(path);
  }, [load, path]);

  // The page's own reviews may have moved (a reload of its data): never show one twice.
  const added = (fetcher.data?.reviews ?? []).filter((review) => !shown.some((other) => other.id === review.id));
  if (growth.added === null && fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== growth.before) {
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

  const next = fetcher.data?.next ?? null;
  return (
    <>
      <ul ref={list} className={added.length > 0 ? "mt-3 space-y-3" : undefined}>
        {added.map(renderReview)}
      </ul>
      {next ? (
        <p className="mt-3">
          <a
            href={reviewPageHref(searchParams, next, kind)}
            aria-disabled={fetcher.state !== "idle" || undefined}
            className="font-medium text-teal-800 underline"
            onClick={(event) => {
              // Past REVIEW_PAGES_MAX pages, or with a modifier, the link opens the next page itself.
              if (pages >= REVIEW_PAGES_MAX || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              if (fetcher.state !== "idle") return;
              setGrowth({ from: added.length, before: fetcher.data, added: null });
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
