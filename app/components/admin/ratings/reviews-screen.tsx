import { useId, useState } from "react";
import { Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import { REVIEW_KINDS, type AdminReviewRow } from "~/domain/admin-reviews";
import { formatDecimal } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import { useLanguage } from "~/components/root-data";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { RelativeDate } from "../relative-date";
import { HiddenBadge } from "../hidden-badge";

const SKELETON_ROWS = 5;
const COLUMNS = 8;

/**
 * "Gestion des avis" (community §2): park and ride reviews merged, newest
 * first, filtered by type and username; each can be deleted after a
 * confirmation. While another page of the list loads, 5 skeleton rows stand in.
 */
export function ReviewsScreen({ page, now, failed }: { page: KeysetPage<AdminReviewRow>; now: string; failed: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<AdminReviewRow | null>(null);
  const deletion = useFetcher<AdminAnswer>();
  const answer = deletion.state === "idle" ? deletion.data : undefined;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/ratings";

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.ratings.title")}</h1>
      <ListControls searchLabel={t("admin.ratings.searchLabel")}>
        <TypeFilter />
      </ListControls>
      {failed ? <AdminAlert error={{ key: "admin.ratings.loadFailed" }} /> : null}
      {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
      {!loading && page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.ratings.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm" aria-busy={loading || undefined}>
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.date")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.user")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.typeLabel")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.content")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.park")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.score")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.ratings.comment")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.common.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)
                : page.rows.map((review) => <ReviewRow key={review.id} review={review} now={now} onDelete={() => setDeleting(review)} />)}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("admin.ratings.deleteTitle")}
        confirmLabel={t("admin.common.delete")}
        busyLabel={t("admin.ratings.deleting")}
        busy={deletion.state !== "idle"}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          // Answered (and the list reloaded): the dialog closes; a refusal shows above the list.
          await deletion.submit({ intent: "delete", type: deleting.type, id: deleting.id }, { method: "post" });
          setDeleting(null);
        }}
      >
        <p>{t("admin.ratings.deleteConfirm")}</p>
      </ConfirmDialog>
    </section>
  );
}

function TypeFilter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("admin.ratings.typeLabel")}
      </label>
      <select id={id} name="type" defaultValue={params.get("type") ?? ""} className="mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2">
        <option value="">{t("admin.ratings.allTypes")}</option>
        {REVIEW_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`admin.ratings.${kind}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ReviewRow({ review, now, onDelete }: { review: AdminReviewRow; now: string; onDelete: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const score = formatDecimal(review.score, language, review.type === "park" ? 1 : 0);
  return (
    <tr className="border-t border-stone-200 align-top">
      <td className="whitespace-nowrap px-3 py-2">
        <RelativeDate iso={review.createdAt} now={now} />
      </td>
      <td className="px-3 py-2">
        <Link to={localizedPath(language, `/profile/${review.userId}`)} className="text-teal-800 underline hover:text-teal-900">
          {review.username}
        </Link>
      </td>
      <td className="px-3 py-2">{t(`admin.ratings.${review.type}`)}</td>
      <td className="px-3 py-2 font-medium text-stone-900">{review.targetName}</td>
      <td className="px-3 py-2">{review.parkName}</td>
      <td className="whitespace-nowrap px-3 py-2">
        <span aria-hidden="true" className="text-amber-600">★</span> <span className="sr-only">{t("admin.ratings.scoreOutOf", { score })}</span>
        <span aria-hidden="true">{score}</span>
      </td>
      <td className="max-w-xs px-3 py-2 text-stone-700">
        {review.comment ?? t("admin.ratings.noComment")}
        {review.hidden ? <HiddenBadge /> : null}
      </td>
      <td className="px-3 py-2">
        <button
          type="button"
          onClick={onDelete}
          className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {t("admin.common.delete")}
        </button>
      </td>
    </tr>
  );
}

function SkeletonRow() {
  return (
    <tr className="border-t border-stone-200" data-testid="review-skeleton">
      {Array.from({ length: COLUMNS }, (_, index) => (
        <td key={index} className="px-3 py-3">
          <span className="block h-4 animate-pulse rounded bg-stone-200" />
        </td>
      ))}
    </tr>
  );
}
