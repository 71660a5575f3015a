import { Link } from "react-router";
import type { AdminRideReview } from "~/domain/admin-ride-rows";
import type { KeysetPage } from "~/domain/admin-paging";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { AdminCell, AdminRow, AdminRowHeader, AdminTable } from "../admin-table";
import { KeysetPager } from "../keyset-pager";
import { RelativeDate } from "../relative-date";
import { HiddenBadge } from "../hidden-badge";
import { ReviewDeleteActions } from "../review-delete-actions";

/**
 * 'Avis pour {name}' (docs/rules/back-office.md#ride-management): a ride's reviews, newest first and paged,
 * each deletable — the deletion is the ratings screen's action, which keeps
 * the aggregates.
 */
export function RideReviews({
  attraction: ride,
  page,
  now,
}: {
  attraction: { id: string; name: string };
  page: KeysetPage<AdminRideReview> | null;
  now: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="attraction-reviews-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="attraction-reviews-title" className="text-2xl font-bold">
          {t("admin.attractions.reviewsTitle", { name: ride.name })}
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
        <AdminTable
          caption={t("admin.attractions.reviewsTitle", { name: ride.name })}
          columns={REVIEW_COLUMNS.map((column) => t(`admin.attractions.reviewColumns.${column}`))}
        >
          {page.rows.map((review) => (
            <ReviewRow key={review.id} review={review} now={now} />
          ))}
        </AdminTable>
      )}
      {page ? <KeysetPager older={page.older} newer={page.newer} /> : null}
    </section>
  );
}

const REVIEW_COLUMNS = ["user", "date", "rating", "audience", "comment", "actions"] as const;

function ReviewRow({ review, now }: { review: AdminRideReview; now: string }) {
  const { t } = useTranslation();
  const column = (name: (typeof REVIEW_COLUMNS)[number]) => t(`admin.attractions.reviewColumns.${name}`);
  return (
    <AdminRow>
      <AdminRowHeader label={column("user")}>{review.username}</AdminRowHeader>
      <AdminCell label={column("date")} nowrap>
        <RelativeDate iso={review.createdAt} now={now} />
      </AdminCell>
      <AdminCell label={column("rating")} nowrap>
        {t("admin.attractions.ratingValue", { rating: review.rating })}
      </AdminCell>
      <AdminCell label={column("audience")}>{t(`park.audiences.${review.audienceType}`)}</AdminCell>
      <AdminCell label={column("comment")} wide>
        {review.comment ?? t("admin.parks.noComment")}
        {review.hidden ? <HiddenBadge /> : null}
      </AdminCell>
      <ReviewDeleteActions review={{ type: "attraction", id: review.id, author: review.username }} label={column("actions")} />
    </AdminRow>
  );
}
