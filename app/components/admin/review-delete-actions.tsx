import { useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { ReviewKind } from "~/domain/admin-reviews";
import type { MessageKey } from "~/i18n/translate";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "./admin-alert";
import { ADMIN_BUTTON, AdminActions } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";

type ReviewDeleteActionsProps = {
  review: { type: ReviewKind; id: string; author: string };
  /** The actions column's name. */
  label: string;
};

/** Each kind of review's words: the group's name ('Actions pour {name}'), the dialog's title, question and busy wording. */
const WORDS = {
  park: { group: "admin.parks.rowActions", title: "admin.parks.deleteReviewTitle", question: "admin.parks.deleteReviewConfirm", busy: "admin.parks.deleting" },
  attraction: {
    group: "admin.attractions.rowActions",
    title: "admin.attractions.deleteReviewTitle",
    question: "admin.attractions.confirmDeleteReview",
    busy: "admin.attractions.deleting",
  },
} satisfies Record<ReviewKind, Record<"group" | "title" | "question" | "busy", MessageKey>>;

/**
 * The actions cell of a park's or a ride's review in its reviews list: 'Supprimer', confirmed in a dialog, posted
 * to the ratings screen's action (which keeps the aggregates). The dialog stays until the deletion succeeded; a
 * refusal shows in it, and under the button once the dialog is closed.
 */
export function ReviewDeleteActions({ review, label }: ReviewDeleteActionsProps) {
  const { t } = useTranslation();
  const words = WORDS[review.type];
  const deletion = useFetcher<AdminAnswer>();
  const [confirming, setConfirming] = useState(false);
  const busy = deletion.state !== "idle";
  const answer = busy ? undefined : deletion.data;
  return (
    <AdminActions
      label={label}
      groupLabel={t(words.group, { name: review.author })}
      after={
        <>
          {answer && !answer.ok && !confirming ? <AdminAlert error={answer.error} /> : null}
          <ConfirmDialog
            open={confirming && answer?.ok !== true}
            title={t(words.title)}
            confirmLabel={t("admin.common.delete")}
            busyLabel={t(words.busy)}
            busy={busy}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void deletion.submit({ intent: "delete", type: review.type, id: review.id }, { method: "post", action: "/admin/ratings" })}
          >
            <p>{t(words.question)}</p>
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
