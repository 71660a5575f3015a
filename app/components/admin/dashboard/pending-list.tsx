import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { PendingItem } from "~/domain/admin-dashboard";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ReasonPanel } from "../reason-panel";
import { RelativeDate } from "../relative-date";

type PendingListProps = {
  title: string;
  items: PendingItem[];
  /** The screen whose action moderates these items: "/admin/parks" or "/admin/attractions". */
  action: string;
  now: string;
};

/**
 * The newest pending parks or rides (5 at most), each with approve and
 * reject. Both post to the parks or attractions screen's action (the intents
 * of app/domain/admin-intents.ts); the list reloads after each answer.
 */
export function PendingList({ title, items, action, now }: PendingListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.dashboard.noPending")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200">
          {items.map((item) => (
            <PendingRow key={item.id} item={item} action={action} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRow({ item, action, now }: { item: PendingItem; action: string; now: string }) {
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
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{item.name}</p>
          <p className="text-sm text-stone-600">
            {item.parkName ? <>{t("admin.dashboard.inPark", { park: item.parkName })} · </> : null}
            {t("admin.dashboard.createdBy", { username: item.creatorUsername ?? t("admin.common.deleted") })} ·{" "}
            <RelativeDate iso={item.createdAt} now={now} />
          </p>
        </div>
        <div className="flex gap-2">
          <approval.Form method="post" action={action}>
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
            >
              {t("admin.common.approve")}
            </button>
          </approval.Form>
          <button
            type="button"
            ref={rejectButton}
            aria-expanded={rejecting}
            onClick={() => setRejecting(true)}
            className="rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t("admin.common.reject")}
          </button>
        </div>
      </div>
      {answer && !answer.ok ? (
        <div className="mt-2">
          <AdminAlert error={answer.error} />
        </div>
      ) : null}
      {rejecting ? (
        <ReasonPanel
          fields={{ intent: "reject", id: item.id }}
          action={action}
          label={t("admin.common.rejectionReason")}
          confirmLabel={t("admin.common.confirmRejection")}
          onClose={closeReject}
        />
      ) : null}
    </li>
  );
}
