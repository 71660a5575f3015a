import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs ('Suppression...'); both buttons are then disabled. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The back office's confirmation of a destructive action (docs/rules/back-office.md#confirmations): a
 * modal `<dialog>` opened with showModal(), which gives the WAI-ARIA dialog
 * pattern natively — focus moves in and stays in, Escape cancels, the page
 * behind is inert, focus returns to the opener on close. Cancel takes the
 * first focus, so Enter never destroys by surprise.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 space-y-2 text-sm text-stone-700">
        {children}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          ref={cancel}
          disabled={busy}
          onClick={onCancel}
          className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-50 disabled:opacity-60"
        >
          {t("admin.common.cancel")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
