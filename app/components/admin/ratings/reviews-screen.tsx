import { Link, useNavigation } from "react-router";
import type { KeysetPage } from "~/domain/admin-paging";
import { REVIEW_KINDS, type AdminReviewRow } from "~/domain/admin-reviews";
import { formatDecimal } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import { useLanguage } from "~/components/root-data";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminRow, AdminTable } from "../admin-table";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { ListFilter } from "../list-filter";
import { RelativeDate } from "../relative-date";
import { HiddenBadge } from "../hidden-badge";
import { useRowDeletion } from "../use-row-deletion";

const SKELETON_ROWS = 5;
const REVIEW_COLUMNS = [
  "admin.ratings.date",
  "admin.ratings.user",
  "admin.ratings.typeLabel",
  "admin.ratings.content",
  "admin.ratings.park",
  "admin.ratings.score",
  "admin.ratings.comment",
  "admin.common.actions",
] as const;

/**
 * "Gestion des avis" (docs/rules/back-office.md#review-management): park and ride reviews merged, newest
 * first, filtered by type and username; each can be deleted after a
 * confirmation. While another page of the list loads, 5 skeleton rows stand in.
 */
export function ReviewsScreen({ page, now, failed }: { page: KeysetPage<AdminReviewRow>; now: string; failed: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deletion = useRowDeletion((review: AdminReviewRow) => ({ type: review.type, id: review.id }));
  const answer = deletion.answer;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/ratings";

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.ratings.title")}</h1>
      <ListControls searchLabel={t("admin.ratings.searchLabel")}>
        <ListFilter
          name="type"
          label={t("admin.ratings.typeLabel")}
          allLabel={t("admin.ratings.allTypes")}
          options={REVIEW_KINDS.map((kind) => ({ value: kind, label: t(`admin.ratings.${kind}`) }))}
        />
      </ListControls>
      {failed ? <AdminAlert error={{ key: "admin.ratings.loadFailed" }} /> : null}
      {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
      {!loading && page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.ratings.empty")}</p>
      ) : (
        <AdminTable caption={t("admin.ratings.title")} columns={REVIEW_COLUMNS.map((column) => t(column))} busy={loading}>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)
            : page.rows.map((review) => <ReviewRow key={review.id} review={review} now={now} onDelete={() => deletion.ask(review)} />)}
        </AdminTable>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
      <ConfirmDialog {...deletion.dialog} title={t("admin.ratings.deleteTitle")} confirmLabel={t("admin.common.delete")} busyLabel={t("admin.ratings.deleting")}>
        <p>{t("admin.ratings.deleteConfirm")}</p>
      </ConfirmDialog>
    </section>
  );
}

function ReviewRow({ review, now, onDelete }: { review: AdminReviewRow; now: string; onDelete: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const score = formatDecimal(review.score, language, review.type === "park" ? 1 : 0);
  return (
    <AdminRow>
      <AdminCell label={t("admin.ratings.date")} nowrap>
        <RelativeDate iso={review.createdAt} now={now} />
      </AdminCell>
      <AdminCell label={t("admin.ratings.user")}>
        <Link to={localizedPath(language, `/profile/${review.userId}`)} className="text-teal-800 underline hover:text-teal-900">
          {review.username}
        </Link>
      </AdminCell>
      <AdminCell label={t("admin.ratings.typeLabel")}>{t(`admin.ratings.${review.type}`)}</AdminCell>
      <AdminCell label={t("admin.ratings.content")}>
        <span className="font-medium text-stone-900">{review.targetName}</span>
      </AdminCell>
      <AdminCell label={t("admin.ratings.park")}>{review.parkName}</AdminCell>
      <AdminCell label={t("admin.ratings.score")} nowrap>
        <span aria-hidden="true" className="text-amber-600">★</span> <span className="sr-only">{t("admin.ratings.scoreOutOf", { score })}</span>
        <span aria-hidden="true">{score}</span>
      </AdminCell>
      <AdminCell label={t("admin.ratings.comment")} wide>
        <span className="text-stone-700">{review.comment ?? t("admin.ratings.noComment")}</span>
        {review.hidden ? <HiddenBadge /> : null}
      </AdminCell>
      <AdminActions label={t("admin.common.actions")} groupLabel={t("admin.ratings.rowActions", { name: review.targetName })}>
        <button type="button" onClick={onDelete} className={ADMIN_BUTTON.danger}>
          {t("admin.common.delete")}
        </button>
      </AdminActions>
    </AdminRow>
  );
}

function SkeletonRow() {
  return (
    <tr className="border-t border-stone-200" data-testid="review-skeleton">
      {REVIEW_COLUMNS.map((column) => (
        <td key={column} className="px-3 py-3">
          <span className="block h-4 animate-pulse rounded bg-stone-200" />
        </td>
      ))}
    </tr>
  );
}
