import { useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useLanguage } from "~/components/root-data";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import type { AdminParkReview } from "~/domain/admin-parks";
import { formatDecimal } from "~/domain/format";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { RelativeDate } from "../relative-date";
import { listSearch } from "./view-links";
import { HiddenBadge } from "../hidden-badge";

/**
 * 'Avis pour {name}' (community §2): each review's author, its score (the
 * mean of its sub-ratings, one decimal) and comment, with a delete button
 * that the ratings screen answers (/admin/ratings); newest first, paged.
 */
export function ParkReviews({ park, reviews, now }: { park: { id: string; name: string }; reviews: KeysetPage<AdminParkReview>; now: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="park-reviews-title">
      <ReviewsHeading title={t("admin.parks.reviewsTitle", { name: park.name })} />
      {reviews.rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-stone-200 bg-white p-6 text-stone-700">{t("admin.parks.noReviews")}</p>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-stone-800">
                <tr>
                  <th scope="col" className="px-3 py-2">{t("admin.parks.reviewColumns.user")}</th>
                  <th scope="col" className="px-3 py-2">{t("admin.parks.columns.date")}</th>
                  <th scope="col" className="px-3 py-2">{t("admin.parks.reviewColumns.score")}</th>
                  <th scope="col" className="px-3 py-2">{t("admin.parks.reviewColumns.comment")}</th>
                  <th scope="col" className="px-3 py-2">{t("admin.parks.reviewColumns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {reviews.rows.map((review) => (
                  <ReviewRow key={review.id} review={review} now={now} />
                ))}
              </tbody>
            </table>
          </div>
          <KeysetPager older={reviews.older} newer={reviews.newer} />
        </>
      )}
    </section>
  );
}

/** The reviews view when its reviews could not be read (community §8): the message and the way back. */
export function ParkReviewsFailed() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="park-reviews-title">
      <ReviewsHeading title={t("admin.sections.parks")} />
      <div className="mt-4">
        <AdminAlert error={{ key: "admin.parks.errors.reviewsLoadFailed" }} />
      </div>
    </section>
  );
}

function ReviewsHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 id="park-reviews-title" className="text-2xl font-extrabold">
        {title}
      </h1>
      <Link to={listSearch(params)} className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-50">
        {t("admin.common.backToList")}
      </Link>
    </div>
  );
}

function ReviewRow({ review, now }: { review: AdminParkReview; now: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deletion = useFetcher<AdminAnswer>();
  const [confirming, setConfirming] = useState(false);
  const busy = deletion.state !== "idle";
  const answer = busy ? undefined : deletion.data;
  return (
    <tr className="border-t border-stone-200 align-top">
      <th scope="row" className="px-3 py-2 font-semibold text-stone-900">{review.username ?? t("admin.common.deleted")}</th>
      <td className="px-3 py-2 whitespace-nowrap"><RelativeDate iso={review.createdAt} now={now} /></td>
      <td className="px-3 py-2">{formatDecimal(review.score, language, 1)}</td>
      <td className="px-3 py-2 whitespace-pre-line">
        {review.comment ?? t("admin.parks.noComment")}
        {review.hidden ? <HiddenBadge /> : null}
      </td>
      <td className="px-3 py-2">
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-lg border border-red-700 px-2.5 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
        >
          {t("admin.common.delete")}
        </button>
        {answer && !answer.ok && !confirming ? <AdminAlert error={answer.error} /> : null}
        <ConfirmDialog
          open={confirming && answer?.ok !== true}
          title={t("admin.parks.deleteReviewTitle")}
          confirmLabel={t("admin.common.delete")}
          busyLabel={t("admin.parks.deleting")}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void deletion.submit({ intent: "delete", type: "park", id: review.id }, { method: "post", action: "/admin/ratings" })}
        >
          <p>{t("admin.parks.deleteReviewConfirm")}</p>
          {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
        </ConfirmDialog>
      </td>
    </tr>
  );
}
