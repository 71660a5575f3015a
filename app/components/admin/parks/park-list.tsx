import { useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import type { AdminParkRow } from "~/domain/admin-parks";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminRowHeader, AdminTable } from "../admin-table";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";
import { ModerationStatusBadge } from "../moderation-status-badge";
import { viewSearch } from "./view-links";

/** The park list of 'Gestion des parcs' (docs/rules/back-office.md#park-management): Nom, Créé par, Date, Statut, Actions; newest first. */
export function ParkList({ page, now }: { page: KeysetPage<AdminParkRow>; now: string }) {
  const { t } = useTranslation();
  if (page.rows.length === 0) return <p className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">{t("admin.parks.empty")}</p>;
  const columns = (["name", "createdBy", "date", "status", "actions"] as const).map((column) => t(`admin.parks.columns.${column}`));
  return (
    <>
      <AdminTable caption={t("admin.sections.parks")} columns={columns}>
        {page.rows.map((park) => (
          <ParkRow key={park.id} park={park} now={now} />
        ))}
      </AdminTable>
      <KeysetPager older={page.older} newer={page.newer} />
    </>
  );
}

function ParkRow({ park, now }: { park: AdminParkRow; now: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const approval = useFetcher<AdminAnswer>();
  const deletion = useFetcher<AdminAnswer>();
  const [rejecting, setRejecting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const pending = park.moderationStatus === "pending";
  const deleting = deletion.state !== "idle";
  const deleted = deletion.state === "idle" && deletion.data?.ok === true;
  const refusal = [approval, deletion].map((fetcher) => (fetcher.state === "idle" ? fetcher.data : undefined)).find((answer) => answer && !answer.ok);

  return (
    <>
      <AdminRow>
        <AdminRowHeader label={t("admin.parks.columns.name")}>{park.name}</AdminRowHeader>
        <AdminCell label={t("admin.parks.columns.createdBy")}>{park.creatorName ?? t("admin.parks.noCreator")}</AdminCell>
        <AdminCell label={t("admin.parks.columns.date")} nowrap>
          <RelativeDate iso={park.createdAt} now={now} />
        </AdminCell>
        <AdminCell label={t("admin.parks.columns.status")}>
          <ModerationStatusBadge status={park.moderationStatus} />
        </AdminCell>
        <AdminActions
          label={t("admin.parks.columns.actions")}
          groupLabel={t("admin.parks.rowActions", { name: park.name })}
          after={
              <ConfirmDialog
                // Done: the dialog goes, and the row with it once the list has reloaded.
                open={confirmingDelete && !deleted}
                title={t("admin.parks.deleteParkTitle", { name: park.name })}
                confirmLabel={t("admin.common.delete")}
                busyLabel={t("admin.parks.deleting")}
                busy={deleting}
                onCancel={() => setConfirmingDelete(false)}
                onConfirm={() => void deletion.submit({ intent: "delete", id: park.id }, { method: "post" })}
              >
                <p>{t("admin.parks.deleteParkConfirm")}</p>
                {deletion.data && !deletion.data.ok && !deleting ? <AdminAlert error={deletion.data.error} /> : null}
              </ConfirmDialog>
          }
        >
          {pending ? (
            <>
              <approval.Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="id" value={park.id} />
                <button type="submit" disabled={approval.state !== "idle"} className={ADMIN_BUTTON.approve}>
                  {t("admin.common.approve")}
                </button>
              </approval.Form>
              <button type="button" aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)} className={ADMIN_BUTTON.danger}>
                {t("admin.common.reject")}
              </button>
            </>
          ) : null}
          <Link to={viewSearch(params, "edit", park.id)} className={ADMIN_BUTTON.neutral}>
            {t("admin.common.edit")}
          </Link>
          <Link to={viewSearch(params, "reviews", park.id)} className={ADMIN_BUTTON.neutral}>
            {t("admin.parks.viewReviews")}
          </Link>
          <button type="button" onClick={() => setConfirmingDelete(true)} className={ADMIN_BUTTON.danger}>
            {t("admin.common.delete")}
          </button>
        </AdminActions>
      </AdminRow>
      {rejecting && pending ? (
        <AdminDetailRow columns={5}>
          <ReasonPanel
            fields={{ intent: "reject", id: park.id }}
            label={t("admin.common.rejectionReason")}
            confirmLabel={t("admin.common.confirmRejection")}
            onClose={() => setRejecting(false)}
          />
        </AdminDetailRow>
      ) : null}
      {refusal && !refusal.ok && !(confirmingDelete && refusal.intent === "delete") ? (
        <AdminDetailRow columns={5}>
          <AdminAlert error={refusal.error} />
        </AdminDetailRow>
      ) : null}
    </>
  );
}
