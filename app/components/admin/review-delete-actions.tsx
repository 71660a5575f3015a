import { useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { ReviewKind } from "~/domain/admin-reviews";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "./admin-alert";
import { ADMIN_BUTTON, AdminActions } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";

type ReviewDeleteActionsProps = {
  review: { type: ReviewKind; id: string };
  /** The actions column's name, and the group's ('Actions pour …'). */
  label: string;
  groupLabel: string;
  /** The dialog's title, question and busy wording. */
  title: string;
  question: string;
  busyLabel: string;
};

/**
 * The actions cell of a park's or a ride's review in its reviews list: 'Supprimer', confirmed in a dialog, posted
 * to the ratings screen's action (which keeps the aggregates). The dialog stays until the deletion succeeded; a
 * refusal shows in it, and under the button once the dialog is closed.
 */
export function ReviewDeleteActions({ review, label, groupLabel, title, question, busyLabel }: ReviewDeleteActionsProps) {
  const { t } = useTranslation();
  const deletion = useFetcher<AdminAnswer>();
  const [confirming, setConfirming] = useState(false);
  const busy = deletion.state !== "idle";
  const answer = busy ? undefined : deletion.data;
  return (
    <AdminActions
      label={label}
      groupLabel={groupLabel}
      after={
        <>
          {answer && !answer.ok && !confirming ? <AdminAlert error={answer.error} /> : null}
          <ConfirmDialog
            open={confirming && answer?.ok !== true}
            title={title}
            confirmLabel={t("admin.common.delete")}
            busyLabel={busyLabel}
            busy={busy}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void deletion.submit({ intent: "delete", type: review.type, id: review.id }, { method: "post", action: "/admin/ratings" })}
          >
            <p>{question}</p>
            {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
          </ConfirmDialog>
        </>
      }
    >
      <button type="button" onClick={() => setConfirming(true)} className={ADMIN_BUTTON.danger}>
        {t("admin.common.delete")}
      </button>
    </AdminActions>
  );
}
