import { Suspense, lazy, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { ReviewKind, ShownReviews } from "~/domain/review-paging";
import type { ReviewBase } from "~/domain/reviews";

// Adding reviews in place (a fetcher, focus, the announcement) is a chunk of its own, loaded on the
// first click: the park page's first-load JavaScript is at its budget (decision 0027).
const AppendedReviews = lazy(() => import("./appended-reviews"));

/**
 * 'Voir plus d'avis' after a page of reviews: a real link to the next page
 * (`?avis=<cursor>`) that works without JavaScript; with it, a plain click
 * adds the next reviews here instead (appended-reviews.tsx). A later page
 * also links back to the first reviews.
 */
export function MoreReviews<Review extends ReviewBase>({
  kind,
  targetId,
  page,
  renderReview,
}: {
  kind: ReviewKind;
  targetId: string;
  page: ShownReviews<Review>;
  renderReview: (review: Review) => ReactNode;
}) {
  const { t } = useTranslation();
  // Started for this park or ride only: the page component stays when another park is opened. (Another page of
  // the same park's reviews is a new document: its links are plain ones.)
  const [startedFor, setStartedFor] = useState<string | null>(null);
  const link = page.nextAddress ? (
    <p className="mt-3">
      <a
        href={page.nextAddress}
        className="font-medium text-teal-800 underline"
        onClick={(event) => {
          // A click with a modifier opens the page itself (new tab, new window), as links do.
          if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setStartedFor(targetId);
        }}
      >
        {t("ratings.reviews.more")}
      </a>
    </p>
  ) : null;
  return (
    <>
      {startedFor === targetId && page.next ? (
        <Suspense fallback={link}>
          <AppendedReviews
            kind={kind}
            targetId={targetId}
            after={page.next}
            shown={page.reviews}
            // The endpoint of `kind` answers that kind's reviews: what renderReview draws.
            renderReview={renderReview as (review: ReviewBase) => ReactNode}
          />
        </Suspense>
      ) : (
        link
      )}
      {page.firstPageAddress === null ? null : (
        <p className="mt-3">
          {/* A plain link: a rare way back (an address of a later page), not worth a script of its own. */}
          <a href={page.firstPageAddress} className="font-medium text-teal-800 underline">
            {t("ratings.reviews.backToFirst")}
          </a>
        </p>
      )}
    </>
  );
}
