import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { PendingItem } from "~/domain/admin-dashboard";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminRowGroup, AdminRowHeader, AdminTable } from "../admin-table";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";

type PendingListProps = {
  title: string;
  items: PendingItem[];
  /** The screen whose action moderates these items: "/admin/parks" or "/admin/attractions". */
  action: "/admin/parks" | "/admin/attractions";
  now: string;
};

/**
 * The newest pending parks or rides (5 at most), each with approve and
 * reject. Both post to the parks or attractions screen's action (the intents
 * of app/domain/admin-intents.ts); the list reloads after each answer. The
 * columns are those of that screen (a ride's park among them).
 */
export function PendingList({ title, items, action, now }: PendingListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const columns = useColumns(action);
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-2">
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">{t("admin.dashboard.noPending")}</p>
      ) : (
        <AdminTable caption={title} columns={columns.map(([, label]) => label)} grouped>
          {items.map((item) => (
            <PendingRow key={item.id} item={item} action={action} now={now} columns={columns} />
          ))}
        </AdminTable>
      )}
    </section>
  );
}

type Column = "name" | "park" | "createdBy" | "date" | "actions";

/** The parks or rides screen's columns, in its words; a ride's park among them. */
function useColumns(action: PendingListProps["action"]): [Column, string][] {
  const { t } = useTranslation();
  const names: readonly Column[] = action === "/admin/parks" ? ["name", "createdBy", "date", "actions"] : ["name", "park", "createdBy", "date", "actions"];
  return names.map((column) => [column, t(action === "/admin/parks" && column !== "park" ? `admin.parks.columns.${column}` : `admin.attractions.columns.${column}`)]);
}

function PendingRow({ item, action, now, columns }: { item: PendingItem; action: string; now: string; columns: [Column, string][] }) {
  const { t } = useTranslation();
  const approval = useFetcher<AdminAnswer>();
  const [rejecting, setRejecting] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  // The panel takes the focus when it opens (ReasonPanel); keyboard users are back on 'Rejeter' when it closes.
  const closeReject = useCallback(() => {
    setRejecting(false);
    rejectButton.current?.focus();
  }, []);
  const answer = approval.state === "idle" ? approval.data : undefined;
  const busy = approval.state !== "idle";
  const label = Object.fromEntries(columns) as Record<Column, string>;
  return (
    <AdminRowGroup>
      <AdminRow>
        <AdminRowHeader label={label.name}>{item.name}</AdminRowHeader>
        {label.park ? <AdminCell label={label.park}>{item.parkName}</AdminCell> : null}
        <AdminCell label={label.createdBy}>{item.creatorUsername ?? t("admin.common.deleted")}</AdminCell>
        <AdminCell label={label.date} nowrap>
          <RelativeDate iso={item.createdAt} now={now} />
        </AdminCell>
        <AdminActions label={label.actions} groupLabel={t("admin.parks.rowActions", { name: item.name })}>
          <approval.Form method="post" action={action}>
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" disabled={busy} className={ADMIN_BUTTON.approve}>
              {t("admin.common.approve")}
            </button>
          </approval.Form>
          <button type="button" ref={rejectButton} aria-expanded={rejecting} onClick={() => setRejecting(true)} className={ADMIN_BUTTON.danger}>
            {t("admin.common.reject")}
          </button>
        </AdminActions>
      </AdminRow>
      {answer && !answer.ok ? (
        <AdminDetailRow columns={columns.length}>
          <AdminAlert error={answer.error} />
        </AdminDetailRow>
      ) : null}
      {rejecting ? (
        <AdminDetailRow columns={columns.length}>
          <ReasonPanel
            fields={{ intent: "reject", id: item.id }}
            action={action}
            label={t("admin.common.rejectionReason")}
            confirmLabel={t("admin.common.confirmRejection")}
            onClose={closeReject}
          />
        </AdminDetailRow>
      ) : null}
    </AdminRowGroup>
  );
}
