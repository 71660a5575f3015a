import { Fragment, useCallback, useState } from "react";
import type { AdminReportRow, ReportStatus } from "~/domain/admin-reports";
import { useTranslation } from "~/i18n/translation-context";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";

const STATUS_STYLE: Record<ReportStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  resolved: "bg-green-100 text-green-900",
  dismissed: "bg-stone-200 text-stone-800",
};

/**
 * "Gestion des commentaires signalés" (community §2): one row per report; a
 * pending one opens the 'Résolution' panel under its row ('Résoudre' needs an
 * explanation, 'Rejeter' does not).
 */
export function ReportTable({ rows, now }: { rows: AdminReportRow[]; now: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (rows.length === 0) return <p className="text-stone-600">{t("admin.comments.empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-stone-300 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.type")}</th>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.content")}</th>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.reportedBy")}</th>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.reason")}</th>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.date")}</th>
            <th scope="col" className="py-2 pr-3">{t("admin.comments.columns.status")}</th>
            <th scope="col" className="py-2">{t("admin.common.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr data-report-id={row.id} className="border-b border-stone-200 align-top">
                <td className="py-2 pr-3">{t(`admin.comments.types.${row.type}`)}</td>
                <td className="max-w-xs py-2 pr-3">
                  <p className="font-medium text-stone-900">
                    {row.targetName}
                    {row.parkName ? <span className="font-normal text-stone-600"> {t("admin.comments.inPark", { park: row.parkName })}</span> : null}
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words text-stone-800">{row.comment ?? t("admin.comments.noComment")}</p>
                  {row.hidden ? (
                    <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("admin.comments.hidden")}</p>
                  ) : null}
                </td>
                <td className="py-2 pr-3">{row.reporter}</td>
                <td className="max-w-xs break-words py-2 pr-3">{row.reason}</td>
                <td className="whitespace-nowrap py-2 pr-3">
                  <RelativeDate iso={row.createdAt} now={now} />
                </td>
                <td className="py-2 pr-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{t(`admin.comments.statuses.${row.status}`)}</span>
                  {row.resolution ? <p className="mt-1 break-words text-xs text-stone-700">{t("admin.comments.resolutionShown", { text: row.resolution })}</p> : null}
                </td>
                <td className="py-2">
                  {row.status === "pending" ? (
                    <button
                      type="button"
                      aria-expanded={open === row.id}
                      aria-label={t("admin.comments.handleLabel", { reporter: row.reporter })}
                      onClick={() => setOpen(open === row.id ? null : row.id)}
                      className="rounded-lg border border-teal-700 px-3 py-1 font-medium text-teal-800 hover:bg-teal-50"
                    >
                      {t("admin.comments.handle")}
                    </button>
                  ) : null}
                </td>
              </tr>
              {open === row.id ? (
                <tr className="border-b border-stone-200">
                  <td colSpan={7} className="pb-3">
                    <ReasonPanel
                      fields={{ intent: "resolve", id: row.id }}
                      label={t("admin.comments.resolution")}
                      placeholder={t("admin.comments.resolutionPlaceholder")}
                      confirmLabel={t("admin.comments.resolve")}
                      onClose={close}
                      extraActions={(submit, busy) => (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => submit("dismiss")}
                          className="rounded-lg border border-stone-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100 disabled:opacity-50"
                        >
                          {t("admin.comments.dismiss")}
                        </button>
                      )}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
