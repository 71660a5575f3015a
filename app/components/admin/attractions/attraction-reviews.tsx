import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminAttractionReview } from "~/domain/admin-attraction-rows";
import type { KeysetPage } from "~/domain/admin-paging";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { RelativeDate } from "../relative-date";
import { HiddenBadge } from "../hidden-badge";

/**
 * 'Avis pour {name}' (community §2): a ride's reviews, newest first and paged,
 * each deletable — the deletion is the ratings screen's action, which keeps
 * the aggregates.
 */
export function AttractionReviews({
  attraction,
  page,
  now,
}: {
  attraction: { id: string; name: string };
  page: KeysetPage<AdminAttractionReview> | null;
  now: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="attraction-reviews-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="attraction-reviews-title" className="text-2xl font-bold">
          {t("admin.attractions.reviewsTitle", { name: attraction.name })}
        </h1>
        <Link to="/admin/attractions" className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50">
          {t("admin.common.backToList")}
        </Link>
      </div>
      {page === null ? (
        <AdminAlert error={{ key: "admin.attractions.errors.reviewsLoad" }} />
      ) : page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.attractions.noReviews")}</p>
      ) : (
        <ul className="space-y-3">
          {page.rows.map((review) => (
            <ReviewItem key={review.id} review={review} now={now} />
          ))}
        </ul>
      )}
      {page ? <KeysetPager older={page.older} newer={page.newer} /> : null}
    </section>
  );
}

function ReviewItem({ review, now }: { review: AdminAttractionReview; now: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AdminAnswer>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1 text-sm">
          <p className="font-semibold text-stone-900">
            {review.username} · <RelativeDate iso={review.createdAt} now={now} />
          </p>
          <p>{t("admin.attractions.rating", { rating: review.rating })}</p>
          <p>{t("admin.attractions.audience", { audience: t(`park.audiences.${review.audienceType}`) })}</p>
          {review.comment ? <p className="whitespace-pre-line text-stone-700">{review.comment}</p> : null}
          {review.hidden ? <HiddenBadge /> : null}
        </div>
        <button type="button" onClick={() => setConfirming(true)} className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50">
          {t("admin.common.delete")}
        </button>
      </div>
      {answer && !answer.ok ? (
        <div className="mt-2">
          <AdminAlert error={{ key: "admin.attractions.errors.reviewDelete" }} />
        </div>
      ) : null}
      <ConfirmDialog
        // Open until the deletion has answered: 'Suppression...' shows meanwhile.
        open={confirming || busy}
        title={t("admin.attractions.deleteReviewTitle")}
        confirmLabel={t("admin.common.delete")}
        busyLabel={t("admin.attractions.deleting")}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void fetcher.submit({ intent: "delete", type: "attraction", id: review.id }, { method: "post", action: "/admin/ratings" });
        }}
      >
        <p>{t("admin.attractions.confirmDeleteReview")}</p>
      </ConfirmDialog>
    </li>
  );
}
