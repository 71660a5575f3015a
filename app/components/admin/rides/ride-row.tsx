import { useCallback, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminRideRow } from "~/domain/admin-ride-rows";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminRowHeader } from "../admin-table";
import { ConfirmDialog } from "../confirm-dialog";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";
import { ModerationStatusBadge } from "../moderation-status-badge";

/**
 * One ride of the list and its actions: approve and reject while pending
 * (reject opens the reason panel under the row), edit, reviews, delete
 * (confirmed in a dialog). Each posts with a fetcher; the list reloads after.
 */
export function RideRow({ row, now }: { row: AdminRideRow; now: string }) {
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
      <AdminRow>
        <AdminRowHeader label={t("admin.attractions.columns.name")}>{row.name}</AdminRowHeader>
        <AdminCell label={t("admin.attractions.columns.park")}>{row.parkName}</AdminCell>
        <AdminCell label={t("admin.attractions.columns.type")}>{t(`attractionTypes.${row.type}`)}</AdminCell>
        <AdminCell label={t("admin.attractions.columns.createdBy")}>{row.creator ?? t("admin.attractions.noCreator")}</AdminCell>
        <AdminCell label={t("admin.attractions.columns.date")} nowrap>
          <RelativeDate iso={row.createdAt} now={now} />
        </AdminCell>
        <AdminCell label={t("admin.attractions.columns.status")}>
          <ModerationStatusBadge status={row.moderationStatus} />
        </AdminCell>
        <AdminActions
          label={t("admin.attractions.columns.actions")}
          groupLabel={t("admin.attractions.rowActions", { name: row.name })}
          after={
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
          }
        >
          {row.moderationStatus === "pending" ? (
            <>
              <approve.Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" disabled={approve.state !== "idle"} className={ADMIN_BUTTON.approve}>
                  {t("admin.common.approve")}
                </button>
              </approve.Form>
              <button type="button" aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)} className={ADMIN_BUTTON.danger}>
                {t("admin.common.reject")}
              </button>
            </>
          ) : null}
          <Link to={`?edit=${row.id}`} className={ADMIN_BUTTON.neutral}>
            {t("admin.common.edit")}
          </Link>
          <Link to={`?reviews=${row.id}`} className={ADMIN_BUTTON.neutral}>
            {t("admin.attractions.reviews")}
          </Link>
          <button type="button" onClick={() => setConfirming(true)} className={ADMIN_BUTTON.danger}>
            {t("admin.common.delete")}
          </button>
        </AdminActions>
      </AdminRow>
      {rejecting || failure ? (
        <AdminDetailRow columns={7}>
          {failure && !failure.ok ? <AdminAlert error={failure.error} /> : null}
          {rejecting ? (
            <ReasonPanel
              fields={{ intent: "reject", id: row.id }}
              label={t("admin.common.rejectionReason")}
              confirmLabel={t("admin.common.confirmRejection")}
              onClose={closeReason}
            />
          ) : null}
        </AdminDetailRow>
      ) : null}
    </>
  );
}
