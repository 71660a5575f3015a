import { Fragment, useCallback, useState } from "react";
import type { AdminReportRow, ReportStatus } from "~/domain/admin-reports";
import { useTranslation } from "~/i18n/translation-context";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminTable } from "../admin-table";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";

const REPORT_COLUMNS = ["type", "content", "reportedBy", "reason", "date", "status"] as const;

const STATUS_STYLE: Record<ReportStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  resolved: "bg-green-100 text-green-900",
  dismissed: "bg-stone-200 text-stone-800",
};

/**
 * "Gestion des commentaires signalés" (docs/rules/back-office.md#reported-comments): one row per report; a
 * pending one opens the 'Résolution' panel under its row ('Résoudre' needs an
 * explanation, 'Rejeter' does not).
 */
export function ReportTable({ rows, now }: { rows: AdminReportRow[]; now: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (rows.length === 0) return <p className="text-stone-600">{t("admin.comments.empty")}</p>;
  const column = (name: (typeof REPORT_COLUMNS)[number]) => t(`admin.comments.columns.${name}`);
  return (
    <AdminTable caption={t("admin.comments.title")} columns={[...REPORT_COLUMNS.map(column), t("admin.common.actions")]}>
      {rows.map((row) => (
        <Fragment key={row.id}>
          <AdminRow data-report-id={row.id}>
            <AdminCell label={column("type")}>{t(`admin.comments.types.${row.type}`)}</AdminCell>
            <AdminCell label={column("content")} wide>
              <p className="font-medium text-stone-900">
                {row.targetName}
                {row.parkName ? <span className="font-normal text-stone-600"> {t("admin.comments.inPark", { park: row.parkName })}</span> : null}
              </p>
              <p className="mt-1 text-stone-800">{row.comment ?? t("admin.comments.noComment")}</p>
              {row.hidden ? (
                <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("admin.comments.hidden")}</p>
              ) : null}
            </AdminCell>
            <AdminCell label={column("reportedBy")}>{row.reporter}</AdminCell>
            <AdminCell label={column("reason")} wide>
              {row.reason}
            </AdminCell>
            <AdminCell label={column("date")} nowrap>
              <RelativeDate iso={row.createdAt} now={now} />
            </AdminCell>
            <AdminCell label={column("status")}>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{t(`admin.comments.statuses.${row.status}`)}</span>
              {row.resolution ? <p className="mt-1 break-words text-xs text-stone-700">{t("admin.comments.resolutionShown", { text: row.resolution })}</p> : null}
            </AdminCell>
            {row.status === "pending" ? (
              <AdminActions label={t("admin.common.actions")} groupLabel={t("admin.common.actions")}>
                <button
                  type="button"
                  aria-expanded={open === row.id}
                  aria-label={t("admin.comments.handleLabel", { reporter: row.reporter })}
                  onClick={() => setOpen(open === row.id ? null : row.id)}
                  className={ADMIN_BUTTON.primary}
                >
                  {t("admin.comments.handle")}
                </button>
              </AdminActions>
            ) : (
              <AdminCell label={t("admin.common.actions")}>{null}</AdminCell>
            )}
          </AdminRow>
          {open === row.id ? (
            <AdminDetailRow columns={7}>
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
            </AdminDetailRow>
          ) : null}
        </Fragment>
      ))}
    </AdminTable>
  );
}
