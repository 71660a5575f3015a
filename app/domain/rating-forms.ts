import { COMMENT_MAX_LENGTH, REPORT_REASON_MAX_LENGTH } from "./comment-limits";
import { FormReader, maxLength, optionalText, required, type FormCheck, type FormValues } from "./form-values";
import { PARK_RATING_CATEGORIES, type ParkRatingCategory } from "./park-rating-categories";
import { AUDIENCES, VISIT_DURATIONS, type Audience, type VisitDuration } from "./park-scores";

/**
 * The rating forms (docs/rules/ratings.md#park-rating-form, docs/rules/ratings.md#ride-rating-form) and the report form, read
 * the same way by the browser and by the server. Messages are i18n keys under
 * "ratings.errors".
 */
export type ParkRatingField = ParkRatingCategory | "visitDuration" | "comment" | "images" | "form";
export type RideRatingField = "rating" | "audienceType" | "comment" | "form";

export type ParkRatingDraft = {
  /** 1 to 5, or null when the star row was left at 0 (not given). */
  stars: Record<ParkRatingCategory, number | null>;
  visitDuration: VisitDuration;
  comment: string | null;
};

export type RideRatingDraft = { rating: number; audienceType: Audience; comment: string | null };

/** A star row: 1 to 5, null when left at 0 (not given), undefined when not a star count at all. */
function readStars(raw: string | undefined): number | null | undefined {
  const text = (raw ?? "").trim();
  if (text === "" || text === "0") return null;
  return /^[1-5]$/.test(text) ? Number(text) : undefined;
}

const COMMENT_RULES = [maxLength(COMMENT_MAX_LENGTH, "ratings.errors.commentTooLong")];

export function checkParkRatingForm(values: FormValues): FormCheck<ParkRatingField, ParkRatingDraft> {
  const form = new FormReader<ParkRatingField>(values);
  const stars = {} as Record<ParkRatingCategory, number | null>;
  for (const category of PARK_RATING_CATEGORIES) {
    const value = readStars(values[category]);
    if (value === undefined) form.add(category, { key: "ratings.errors.stars" });
    else stars[category] = value;
  }
  if (PARK_RATING_CATEGORIES.every((category) => stars[category] === null)) form.add("form", { key: "ratings.errors.atLeastOneStar" });
  const visitDuration = form.oneOf("visitDuration", VISIT_DURATIONS, "ratings.errors.visitDurationRequired");
  const comment = optionalText(form.text("comment", COMMENT_RULES));
  return form.result({ stars, visitDuration: visitDuration as VisitDuration, comment });
}

export function checkRideRatingForm(values: FormValues): FormCheck<RideRatingField, RideRatingDraft> {
  const form = new FormReader<RideRatingField>(values);
  const rating = readStars(values.rating);
  if (!rating) form.add("rating", { key: "ratings.errors.ratingRequired" });
  const audienceType = form.oneOf("audienceType", AUDIENCES, "ratings.errors.audienceRequired");
  const comment = optionalText(form.text("comment", COMMENT_RULES));
  return form.result({ rating: rating ?? 0, audienceType: audienceType as Audience, comment });
}

/** "Signaler": the reason the administrator will read. */
export function checkReportForm(values: FormValues): FormCheck<"reason", { reason: string }> {
  const form = new FormReader<"reason">(values);
  const reason = form.text("reason", [
    required("ratings.errors.reportReasonRequired"),
    maxLength(REPORT_REASON_MAX_LENGTH, "ratings.errors.reportReasonTooLong"),
  ]);
  return form.result({ reason });
}
