import { Link, useSearchParams } from "react-router";
import { useLanguage } from "~/components/root-data";
import type { KeysetPage } from "~/domain/admin-paging";
import type { AdminParkReview } from "~/domain/admin-parks";
import { formatDecimal } from "~/domain/format";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { AdminCell, AdminRow, AdminRowHeader, AdminTable } from "../admin-table";
import { KeysetPager } from "../keyset-pager";
import { RelativeDate } from "../relative-date";
import { listSearch } from "./view-links";
import { HiddenBadge } from "../hidden-badge";
import { ReviewDeleteActions } from "../review-delete-actions";

/**
 * 'Avis pour {name}' (docs/rules/back-office.md#park-management): each review's author, its score (the
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
          <div className="mt-4">
            <AdminTable
              caption={t("admin.parks.reviewsTitle", { name: park.name })}
              columns={[
                t("admin.parks.reviewColumns.user"),
                t("admin.parks.columns.date"),
                t("admin.parks.reviewColumns.score"),
                t("admin.parks.reviewColumns.comment"),
                t("admin.parks.reviewColumns.actions"),
              ]}
            >
              {reviews.rows.map((review) => (
                <ReviewRow key={review.id} review={review} now={now} />
              ))}
            </AdminTable>
          </div>
          <KeysetPager older={reviews.older} newer={reviews.newer} />
        </>
      )}
    </section>
  );
}

/** The reviews view when its reviews could not be read (docs/rules/back-office.md#messages): the message and the way back. */
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
  const author = review.username ?? t("admin.common.deleted");
  return (
    <AdminRow>
      <AdminRowHeader label={t("admin.parks.reviewColumns.user")}>{author}</AdminRowHeader>
      <AdminCell label={t("admin.parks.columns.date")} nowrap>
        <RelativeDate iso={review.createdAt} now={now} />
      </AdminCell>
      <AdminCell label={t("admin.parks.reviewColumns.score")}>{formatDecimal(review.score, language, 1)}</AdminCell>
      <AdminCell label={t("admin.parks.reviewColumns.comment")} wide>
        {review.comment ?? t("admin.parks.noComment")}
        {review.hidden ? <HiddenBadge /> : null}
      </AdminCell>
      <ReviewDeleteActions review={{ type: "park", id: review.id, author }} label={t("admin.parks.reviewColumns.actions")} />
    </AdminRow>
  );
}
