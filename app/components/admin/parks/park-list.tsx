import { useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import type { AdminParkRow } from "~/domain/admin-parks";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";
import { StatusBadge } from "./status-badge";
import { viewSearch } from "./view-links";

const BUTTON = "rounded-lg border px-2.5 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-50";

/** The park list of 'Gestion des parcs' (community §2): Nom, Créé par, Date, Statut, Actions; newest first. */
export function ParkList({ page, now }: { page: KeysetPage<AdminParkRow>; now: string }) {
  const { t } = useTranslation();
  if (page.rows.length === 0) return <p className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">{t("admin.parks.empty")}</p>;
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-stone-800">
            <tr>
              <th scope="col" className="px-3 py-2">{t("admin.parks.columns.name")}</th>
              <th scope="col" className="px-3 py-2">{t("admin.parks.columns.createdBy")}</th>
              <th scope="col" className="px-3 py-2">{t("admin.parks.columns.date")}</th>
              <th scope="col" className="px-3 py-2">{t("admin.parks.columns.status")}</th>
              <th scope="col" className="px-3 py-2">{t("admin.parks.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((park) => (
              <ParkRow key={park.id} park={park} now={now} />
            ))}
          </tbody>
        </table>
      </div>
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
      <tr className="border-t border-stone-200 align-top">
        <th scope="row" className="px-3 py-2 font-semibold text-stone-900">{park.name}</th>
        <td className="px-3 py-2">{park.creatorName ?? t("admin.parks.noCreator")}</td>
        <td className="px-3 py-2 whitespace-nowrap"><RelativeDate iso={park.createdAt} now={now} /></td>
        <td className="px-3 py-2"><StatusBadge status={park.moderationStatus} /></td>
        <td className="px-3 py-2">
          <div role="group" aria-label={t("admin.parks.rowActions", { name: park.name })} className="flex flex-wrap gap-1.5">
            {pending ? (
              <>
                <approval.Form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={park.id} />
                  <button type="submit" disabled={approval.state !== "idle"} className={`${BUTTON} border-green-700 bg-green-700 text-white hover:bg-green-800`}>
                    {t("admin.common.approve")}
                  </button>
                </approval.Form>
                <button type="button" aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)} className={`${BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>
                  {t("admin.common.reject")}
                </button>
              </>
            ) : null}
            <Link to={viewSearch(params, "edit", park.id)} className={`${BUTTON} border-stone-300 hover:bg-stone-50`}>
              {t("admin.common.edit")}
            </Link>
            <Link to={viewSearch(params, "reviews", park.id)} className={`${BUTTON} border-stone-300 hover:bg-stone-50`}>
              {t("admin.parks.viewReviews")}
            </Link>
            <button type="button" onClick={() => setConfirmingDelete(true)} className={`${BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>
              {t("admin.common.delete")}
            </button>
          </div>
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
        </td>
      </tr>
      {rejecting && pending ? (
        <tr>
          <td colSpan={5} className="px-3 pb-3">
            <ReasonPanel
              fields={{ intent: "reject", id: park.id }}
              label={t("admin.common.rejectionReason")}
              confirmLabel={t("admin.common.confirmRejection")}
              onClose={() => setRejecting(false)}
            />
          </td>
        </tr>
      ) : null}
      {refusal && !refusal.ok && !(confirmingDelete && refusal.intent === "delete") ? (
        <tr>
          <td colSpan={5} className="px-3 pb-3">
            <AdminAlert error={refusal.error} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
