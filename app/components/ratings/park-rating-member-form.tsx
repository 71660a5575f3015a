import { useTranslation } from "~/i18n/translation-context";
import type { RateParkAnswer } from "~/domain/page-answers";
import { RATE_PARK_INTENT } from "~/domain/page-intents";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import { IMAGE_ACCEPT } from "~/domain/image-limits";
import { VISIT_DURATIONS } from "~/domain/park-scores";
import { PARK_RATING_CATEGORIES } from "~/domain/park-rating-categories";
import { checkParkRatingForm } from "~/domain/rating-forms";
import { MAX_REVIEW_PHOTOS } from "~/domain/rating-rules";
import type { OwnParkRating } from "~/domain/reviews";
import { FormMessage } from "../form-message";
import { withFileLimits } from "../file-limits";
import { useFormCheck } from "../use-form-check";
import { ChoiceField } from "./choice-field";
import { CommentField } from "./comment-field";
import { StarInput } from "./star-input";



/**
 * The member's own park review (docs/rules/ratings.md#park-rating-form): six star rows from 0
 * (not given) to 5, the visit duration (required), a comment and photos.
 * The same form creates the review or updates it.
 */
export default function ParkRatingMemberForm({ own }: { own: OwnParkRating | null }) {
  const { t } = useTranslation();
  const { fetcher, result } = usePageFormFetcher<RateParkAnswer>({ intent: RATE_PARK_INTENT });
  const { onSubmit, messages, refusedInBrowser } = useFormCheck(
    (values, form) =>
      withFileLimits(checkParkRatingForm(values), "images", form.getAll("photos"), {
        count: MAX_REVIEW_PHOTOS,
        message: { key: "ratings.errors.tooManyPhotos", values: { max: MAX_REVIEW_PHOTOS } },
      }),
    result && "errors" in result ? result.errors : null,
  );
  const saved = !refusedInBrowser && result && "saved" in result ? result.saved : null;

  return (
    <section aria-labelledby="own-park-review" className="rounded-2xl border border-stone-200 bg-white p-6">
      <h2 id="own-park-review" className="text-xl font-bold">
        {own ? t("ratings.parkForm.editTitle") : t("ratings.parkForm.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ratings.parkForm.starsHint")}</p>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {messages("form") ? <FormMessage tone="error">{messages("form")!.join(" ")}</FormMessage> : null}
        {saved ? <FormMessage tone="success">{saved === "created" ? t("ratings.parkForm.saved") : t("ratings.parkForm.updated")}</FormMessage> : null}
      </div>
      <fetcher.Form method="post" action={`?intent=${RATE_PARK_INTENT}`} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PARK_RATING_CATEGORIES.map((category) => (
            <StarInput
              key={category}
              name={category}
              legend={t(`park.ratings.categories.${category}`)}
              defaultValue={own?.stars[category] ?? 0}
              allowNone
              errors={messages(category)}
            />
          ))}
        </div>
        <ChoiceField
          legend={t("ratings.parkForm.visitDuration")}
          name="visitDuration"
          options={VISIT_DURATIONS}
          label={(duration) => t(`park.visitDuration.${duration}`)}
          defaultValue={own?.visitDuration}
          errors={messages("visitDuration")}
        />
        <CommentField label={t("ratings.parkForm.comment")} defaultValue={own?.comment ?? ""} errors={messages("comment")} />
        <div>
          <label htmlFor="review-photos" className="block text-sm font-medium text-stone-800">
            {t("ratings.parkForm.photos")} <span className="font-normal text-stone-500">({t("contribute.optional")})</span>
          </label>
          <input id="review-photos" type="file" name="photos" multiple accept={IMAGE_ACCEPT} aria-describedby="review-photos-hint" className="mt-1 block w-full text-sm" />
          <p id="review-photos-hint" className="mt-1 text-sm text-stone-600">
            {t("ratings.parkForm.photosHint")}
          </p>
          {messages("images") ? <p className="mt-1 text-sm text-red-700">{messages("images")!.join(" ")}</p> : null}
        </div>
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
          {fetcher.state !== "idle" ? t("ratings.parkForm.submitting") : own ? t("ratings.parkForm.update") : t("ratings.parkForm.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
