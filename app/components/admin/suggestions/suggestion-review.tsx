import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useLanguage } from "~/components/root-data";
import { DESCRIPTION_FIELDS, type AdminSuggestionAnswer, type AdminSuggestionDetail, type SuggestionChange } from "~/domain/admin-suggestions";
import { localizedPath, type Language } from "~/domain/languages";
import type { SuggestionField } from "~/domain/suggested-changes";
import { suggestionFieldLabel } from "~/domain/suggestion-labels";
import { useTranslation } from "~/i18n/translation-context";
import { ConfirmDialog } from "../confirm-dialog";
import { SuggestionValue } from "./suggestion-value";

/** One decision at a time on the screen: the screen reads its answer too, once the decided card has left the list. */
export const DECISION_FETCHER = "admin-suggestion-decision";

const BUTTON = "rounded-lg border px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-50";

/**
 * An opened suggestion (docs/rules/back-office.md#suggestions-screen): each
 * changed field, today's value → the proposed one, the fields changed since
 * the member saw them marked; the descriptions one language at a time behind
 * a FR/EN toggle; the member's 'Raison'; an optional 'Raison du rejet'; then
 * Fermer, Rejeter, Approuver. Approving over fields changed meanwhile asks
 * first, listing them, and posts them as confirmed.
 */
export function SuggestionReview({ detail, onClose }: { detail: AdminSuggestionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const decision = useFetcher<AdminSuggestionAnswer>({ key: DECISION_FETCHER });
  const [rejectionReason, setRejectionReason] = useState("");
  const [confirming, setConfirming] = useState<readonly SuggestionField[] | null>(null);
  // The answer whose 'changed meanwhile' question was already dismissed or answered.
  const [handledAnswer, setHandledAnswer] = useState<AdminSuggestionAnswer | undefined>(undefined);
  const reasonId = useId();
  const busy = decision.state !== "idle";
  const answer = decision.state === "idle" ? decision.data : undefined;
  // Someone changed a field between the detail's loading and the approval: the server asks again.
  const askedAgain = answer && !answer.ok && "changedMeanwhile" in answer && answer !== handledAnswer ? answer.changedMeanwhile : null;
  const toConfirm = confirming ?? askedAgain;

  const descriptions = detail.changes.filter((change) => change.field === DESCRIPTION_FIELDS.fr || change.field === DESCRIPTION_FIELDS.en);
  const [descriptionLanguage, setDescriptionLanguage] = useState<Language>(descriptions[0]?.field === DESCRIPTION_FIELDS.en ? "en" : "fr");
  const shown = detail.changes.filter((change) => !descriptions.includes(change) || change.field === DESCRIPTION_FIELDS[descriptionLanguage]);

  const approve = (confirmed: readonly SuggestionField[]) => {
    const form = new FormData();
    form.set("intent", "approve");
    form.set("kind", detail.kind);
    form.set("id", detail.id);
    for (const field of confirmed) form.append("confirmed", field);
    void decision.submit(form, { method: "post", action: "/admin/suggestions" });
  };
  const closeConfirmation = () => {
    setConfirming(null);
    setHandledAnswer(answer);
  };

  return (
    <div className="mt-3 space-y-4 border-t border-stone-200 pt-3">
      {detail.targetPath ? (
        <Link to={localizedPath(language, detail.targetPath)} className="text-sm text-teal-800 underline hover:text-teal-900">
          {t("admin.suggestions.viewPage", { name: detail.targetName })}
        </Link>
      ) : (
        <p className="text-sm text-stone-700">{t("admin.suggestions.targetUnavailable")}</p>
      )}
      {detail.changedMeanwhile.length > 0 ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("admin.suggestions.changedMeanwhileNote")}</p>
      ) : null}
      {descriptions.length > 0 ? (
        <div role="group" aria-label={t("admin.suggestions.descriptionLanguage")} className="flex gap-1">
          {(["fr", "en"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={descriptionLanguage === option}
              onClick={() => setDescriptionLanguage(option)}
              className={`${BUTTON} px-3 py-1 ${descriptionLanguage === option ? "border-teal-800 bg-teal-800 text-white" : "border-stone-300 bg-white hover:bg-stone-50"}`}
            >
              {t(`admin.suggestions.languages.${option}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.suggestions.changes")}</caption>
          <thead className="text-stone-700">
            <tr>
              <th scope="col" className="py-1 pr-3">{t("admin.suggestions.field")}</th>
              <th scope="col" className="py-1 pr-3">{t("admin.suggestions.current")}</th>
              <th scope="col" className="py-1">{t("admin.suggestions.proposed")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((change) => (
              <ChangeRow key={change.field} kind={detail.kind} change={change} />
            ))}
            {descriptions.length > 0 && !descriptions.some((change) => change.field === DESCRIPTION_FIELDS[descriptionLanguage]) ? (
              <tr className="border-t border-stone-200">
                <th scope="row" className="py-2 pr-3 font-medium">{t(suggestionFieldLabel(detail.kind, DESCRIPTION_FIELDS[descriptionLanguage]))}</th>
                <td colSpan={2} className="py-2 text-stone-700">{t("admin.suggestions.descriptionUnchanged")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-stone-900">{t("admin.suggestions.reason")}</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{detail.reason}</p>
      </div>
      <div>
        <label htmlFor={reasonId} className="block text-sm font-medium text-stone-800">
          {t("admin.suggestions.rejectionReason")} <span className="font-normal text-stone-600">({t("contribute.optional")})</span>
        </label>
        <textarea
          id={reasonId}
          rows={2}
          value={rejectionReason}
          onChange={(event) => setRejectionReason(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={`${BUTTON} border-stone-300 bg-white hover:bg-stone-50`}>
          {t("admin.suggestions.close")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void decision.submit({ intent: "reject", kind: detail.kind, id: detail.id, reason: rejectionReason }, { method: "post", action: "/admin/suggestions" })}
          className={`${BUTTON} border-red-700 text-red-800 hover:bg-red-50`}
        >
          {t("admin.common.reject")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => (detail.changedMeanwhile.length > 0 ? setConfirming(detail.changedMeanwhile) : approve([]))}
          className={`${BUTTON} border-green-700 bg-green-700 text-white hover:bg-green-800`}
        >
          {t("admin.common.approve")}
        </button>
      </div>
      <ConfirmDialog
        open={toConfirm !== null}
        title={t("admin.suggestions.confirmTitle")}
        confirmLabel={t("admin.suggestions.confirmApprove")}
        busyLabel={t("admin.suggestions.approving")}
        busy={busy}
        onCancel={closeConfirmation}
        onConfirm={() => {
          if (!toConfirm) return;
          approve(toConfirm);
          closeConfirmation();
        }}
      >
        <p>{t("admin.suggestions.confirmBody")}</p>
        <ul className="list-disc pl-5">
          {(toConfirm ?? []).map((field) => (
            <li key={field}>{t(suggestionFieldLabel(detail.kind, field))}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}

function ChangeRow({ kind, change }: { kind: AdminSuggestionDetail["kind"]; change: SuggestionChange }) {
  const { t } = useTranslation();
  return (
    <tr className={`border-t border-stone-200 align-top ${change.changedMeanwhile ? "bg-amber-50" : ""}`}>
      <th scope="row" className="py-2 pr-3 font-medium">
        {t(suggestionFieldLabel(kind, change.field))}
        {change.changedMeanwhile ? (
          <span className="ml-2 inline-block rounded-full border border-amber-400 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t("admin.suggestions.changedMeanwhile")}
          </span>
        ) : null}
      </th>
      <td className="py-2 pr-3">
        <SuggestionValue field={change.field} value={change.current} side="current" />
      </td>
      <td className="py-2">
        <span aria-hidden="true" className="mr-2 text-stone-500">→</span>
        <SuggestionValue field={change.field} value={change.proposed} side="proposed" />
      </td>
    </tr>
  );
}
