import { useCallback, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminAttractionRow } from "~/domain/admin-attraction-rows";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";
import { ModerationStatusBadge } from "./moderation-status-badge";

const BUTTON = "rounded-md border border-stone-300 bg-white px-2 py-1 text-xs font-medium hover:bg-stone-100 disabled:opacity-50";

/**
 * One ride of the list and its actions: approve and reject while pending
 * (reject opens the reason panel under the row), edit, reviews, delete
 * (confirmed in a dialog). Each posts with a fetcher; the list reloads after.
 */
export function AttractionRow({ row, now }: { row: AdminAttractionRow; now: string }) {
  const { t } = useTranslation();
  const approve = useFetcher<AdminAnswer>();
  const remove = useFetcher<AdminAnswer>();
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const closeReason = useCallback(() => setRejecting(false), []);
  const deleting = remove.state !== "idle";
  const failure = [approve, remove].map((fetcher) => (fetcher.state === "idle" ? fetcher.data : undefined)).find((answer) => answer && !answer.ok);

  return (
    <>
      <tr className="align-top">
        <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
          {row.name}
        </th>
        <td className="px-3 py-2">{row.parkName}</td>
        <td className="px-3 py-2">{t(`attractionTypes.${row.type}`)}</td>
        <td className="px-3 py-2">{row.creator ?? t("admin.attractions.noCreator")}</td>
        <td className="px-3 py-2 whitespace-nowrap">
          <RelativeDate iso={row.createdAt} now={now} />
        </td>
        <td className="px-3 py-2">
          <ModerationStatusBadge status={row.moderationStatus} />
        </td>
        <td className="px-3 py-2">
          <div role="group" aria-label={t("admin.attractions.rowActions", { name: row.name })} className="flex flex-wrap gap-1">
            {row.moderationStatus === "pending" ? (
              <>
                <approve.Form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" disabled={approve.state !== "idle"} className={`${BUTTON} border-green-700 text-green-900`}>
                    {t("admin.common.approve")}
                  </button>
                </approve.Form>
                <button type="button" aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)} className={`${BUTTON} border-red-700 text-red-900`}>
                  {t("admin.common.reject")}
                </button>
              </>
            ) : null}
            <Link to={`?edit=${row.id}`} className={BUTTON}>
              {t("admin.common.edit")}
            </Link>
            <Link to={`?reviews=${row.id}`} className={BUTTON}>
              {t("admin.attractions.reviews")}
            </Link>
            <button type="button" onClick={() => setConfirming(true)} className={`${BUTTON} text-red-800`}>
              {t("admin.common.delete")}
            </button>
          </div>
          <ConfirmDialog
            // Open until the deletion has answered: 'Suppression...' shows meanwhile.
            open={confirming || deleting}
            title={t("admin.attractions.deleteAttractionTitle")}
            confirmLabel={t("admin.common.delete")}
            busyLabel={t("admin.attractions.deleting")}
            busy={deleting}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void remove.submit({ intent: "delete", id: row.id }, { method: "post" });
            }}
          >
            <p className="font-semibold">{row.name}</p>
            <p>{t("admin.attractions.confirmDelete")}</p>
          </ConfirmDialog>
        </td>
      </tr>
      {rejecting || failure ? (
        <tr>
          <td colSpan={7} className="px-3 pb-3">
            {failure && !failure.ok ? <AdminAlert error={failure.error} /> : null}
            {rejecting ? (
              <ReasonPanel
                fields={{ intent: "reject", id: row.id }}
                label={t("admin.common.rejectionReason")}
                confirmLabel={t("admin.common.confirmRejection")}
                onClose={closeReason}
              />
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
