import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "./admin-alert";

type ReasonPanelProps = {
  /** The action's hidden fields: intent, id… */
  fields: Record<string, string>;
  /** Where the form posts (the screen's own route when omitted). */
  action?: string;
  label: string;
  placeholder?: string;
  confirmLabel: string;
  onClose: () => void;
  /** Buttons beside the confirm one that need no reason (the report panel's 'Rejeter'). */
  extraActions?: (submit: (intent: string) => void, busy: boolean) => ReactNode;
};

/**
 * The inline panel of an action that needs a reason (docs/rules/back-office.md#confirmations):
 * rejecting a park or a ride ('Raison du rejet'), suspending a member,
 * resolving a report. 'Annuler' closes it; the confirm button stays disabled
 * while the reason is empty (the server refuses an empty one too). The panel
 * closes once the action succeeded; a refusal shows in it.
 */
export function ReasonPanel({ fields, action, label, placeholder, confirmLabel, onClose, extraActions }: ReasonPanelProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AdminAnswer>();
  const [reason, setReason] = useState("");
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Opened by a button: keyboard and screen-reader users land in the reason field.
  useEffect(() => textarea.current?.focus(), []);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Done: the list behind reloads (fetcher revalidation) and the panel goes.
  useEffect(() => {
    if (answer?.ok) onClose();
  }, [answer, onClose]);
  const submit = (intent: string) => void fetcher.submit({ ...fields, intent, reason }, { method: "post", action });

  return (
    <fetcher.Form method="post" action={action} className="mt-2 space-y-2 rounded-lg border border-stone-200 bg-stone-50 p-3">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        ref={textarea}
        id={id}
        name="reason"
        rows={3}
        required
        value={reason}
        placeholder={placeholder}
        onChange={(event) => setReason(event.target.value)}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
      />
      {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100">
          {t("admin.common.cancel")}
        </button>
        {extraActions?.(submit, busy)}
        <button
          type="submit"
          disabled={busy || reason.trim() === ""}
          className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {confirmLabel}
        </button>
      </div>
    </fetcher.Form>
  );
}
