import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { RateRideAnswer } from "~/domain/page-answers";
import { RATE_RIDE_INTENT } from "~/domain/page-intents";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import { AUDIENCES } from "~/domain/park-scores";
import { checkRideRatingForm } from "~/domain/rating-forms";
import type { OwnRideRating } from "~/domain/reviews";
import { FormMessage } from "../form-message";
import { useFormCheck } from "../use-form-check";
import { ChoiceField } from "./choice-field";
import { CommentField } from "./comment-field";
import { StarInput } from "./star-input";



/**
 * The member's own rating of a ride (docs/rules/ratings.md#ride-rating-form): 1–5 and the audience are required, the comment is not.
 * It posts to the ride page's action: from the ride's page by default, from elsewhere (the park page's
 * visit plan) to `action`, the ride page's address; `onSaved` then hears of each saved rating.
 */
export default function RideRatingMemberForm({ own, action, onSaved }: { own: OwnRideRating | null; action?: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { fetcher, result } = usePageFormFetcher<RateRideAnswer>({ intent: RATE_RIDE_INTENT });
  const { onSubmit, messages, refusedInBrowser } = useFormCheck(checkRideRatingForm, result && "errors" in result ? result.errors : null);
  const saved = !refusedInBrowser && result && "saved" in result ? result.saved : null;
  const answered = useEffectEvent(() => {
    if (fetcher.data && "saved" in fetcher.data) onSaved?.();
  });
  useEffect(() => answered(), [fetcher.data]);

  return (
    <section aria-labelledby="own-attraction-review" className="mt-8 rounded-2xl border border-stone-200 bg-white p-6">
      <h2 id="own-attraction-review" className="text-xl font-bold">
        {own ? t("ratings.parkForm.editTitle") : t("ratings.attractionForm.title")}
      </h2>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {messages("form") ? <FormMessage tone="error">{messages("form")!.join(" ")}</FormMessage> : null}
        {saved ? <FormMessage tone="success">{saved === "created" ? t("ratings.parkForm.saved") : t("ratings.parkForm.updated")}</FormMessage> : null}
      </div>
      <fetcher.Form method="post" action={`${action ?? ""}?intent=${RATE_RIDE_INTENT}`} noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <StarInput name="rating" legend={t("ratings.attractionForm.rating")} defaultValue={own?.rating ?? null} allowNone={false} errors={messages("rating")} />
        <ChoiceField
          legend={t("ratings.attractionForm.audience")}
          name="audienceType"
          options={AUDIENCES}
          label={(audience) => t(`park.audiences.${audience}`)}
          defaultValue={own?.audienceType}
          errors={messages("audienceType")}
        />
        <CommentField label={t("ratings.attractionForm.comment")} defaultValue={own?.comment ?? ""} errors={messages("comment")} />
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
          {fetcher.state !== "idle" ? t("ratings.parkForm.submitting") : own ? t("ratings.parkForm.update") : t("ratings.parkForm.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
