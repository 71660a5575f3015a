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
  return (
    // Component classes (app/app.css): a member's page repeats this under every review (decision 0069).
    <details className="report">
      <summary>{t("ratings.reviews.report")}</summary>
      <fetcher.Form method="post" action={`?intent=${REPORT_INTENT}`} defaultShouldRevalidate={false}>
        <input type="hidden" name="ratingType" value={ratingType} />
        <input type="hidden" name="ratingId" value={ratingId} />
        {/* The textarea inside its label: no id to write for each review. */}
        <label className="field-label">
          {t("ratings.reviews.reportReason")}
          <textarea name="reason" rows={2} required maxLength={REPORT_REASON_MAX_LENGTH} className="field-input" />
        </label>
        {result && "error" in result ? (
          <p role="alert" className="text-red-700">
            {t(result.error.key, result.error.values)}
          </p>
        ) : null}
        <button type="submit" disabled={fetcher.state !== "idle"}>
          {t("ratings.reviews.reportSubmit")}
        </button>
      </fetcher.Form>
    </details>
  );
}
