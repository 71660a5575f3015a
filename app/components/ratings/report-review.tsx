import { useTranslation } from "~/i18n/translation-context";
import { REPORT_INTENT } from "~/domain/page-intents";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import { REPORT_REASON_MAX_LENGTH } from "~/domain/comment-limits";
import type { ReportAnswer } from "~/domain/page-answers";

/** "Signaler": a reason, sent to the administrator's reported comments (one report per member and review). */
export function ReportReview({ ratingType, ratingId, reported }: { ratingType: "park" | "attraction"; ratingId: string; reported: boolean }) {
  const { t } = useTranslation();
  const { fetcher, result: answer } = usePageFormFetcher<ReportAnswer>({ intent: REPORT_INTENT, ratingId });
  const result = fetcher.state === "idle" ? answer : undefined;
  if (reported || (result && "ok" in result)) {
    return (
      <p role="status" className="mt-2 text-sm text-stone-600">
        {result && "ok" in result ? t("ratings.reviews.reported") : t("ratings.reviews.alreadyReported")}
      </p>
    );
  }
  const reasonId = `report-reason-${ratingId}`;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-stone-600 hover:text-stone-900">{t("ratings.reviews.report")}</summary>
      <fetcher.Form method="post" action={`?intent=${REPORT_INTENT}`} defaultShouldRevalidate={false} className="mt-2 space-y-2">
        <input type="hidden" name="ratingType" value={ratingType} />
        <input type="hidden" name="ratingId" value={ratingId} />
        <label htmlFor={reasonId} className="block font-medium text-stone-800">
          {t("ratings.reviews.reportReason")}
        </label>
        <textarea id={reasonId} name="reason" rows={2} required maxLength={REPORT_REASON_MAX_LENGTH} className="block w-full rounded-lg border border-stone-300 px-3 py-2" />
        {result && "error" in result ? (
          <p role="alert" className="text-red-700">
            {t(result.error.key, result.error.values)}
          </p>
        ) : null}
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg border border-stone-300 px-3 py-1 font-medium hover:bg-stone-50">
          {t("ratings.reviews.reportSubmit")}
        </button>
      </fetcher.Form>
    </details>
  );
}
