import { COMMENT_MAX_LENGTH } from "./comment-limits";
import { PARK_RATING_CATEGORIES, type ParkRatingCategory } from "./park-rating-categories";
import { FormReader, maxLength, optionalText, type FormCheck, type FormValues } from "./form-values";
import { AUDIENCES, VISIT_DURATIONS, type Audience, type VisitDuration } from "./park-scores";

/**
 * The rating forms (public site §5, community §4), read the same way by the
 * browser and by the server. Messages are i18n keys under "ratings.errors".
 */

/** Photos a park review may carry. */
export const MAX_REVIEW_PHOTOS = 5;

export type ParkRatingField = ParkRatingCategory | "visitDuration" | "comment" | "images" | "form";
export type AttractionRatingField = "rating" | "audienceType" | "comment" | "form";

export type ParkRatingDraft = {
  /** 1 to 5, or null when the star row was left at 0 (not given). */
  stars: Record<ParkRatingCategory, number | null>;
  visitDuration: VisitDuration;
  comment: string | null;
};

export type AttractionRatingDraft = { rating: number; audienceType: Audience; comment: string | null };

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

export function checkAttractionRatingForm(values: FormValues): FormCheck<AttractionRatingField, AttractionRatingDraft> {
  const form = new FormReader<AttractionRatingField>(values);
  const rating = readStars(values.rating);
  if (!rating) form.add("rating", { key: "ratings.errors.ratingRequired" });
  const audienceType = form.oneOf("audienceType", AUDIENCES, "ratings.errors.audienceRequired");
  const comment = optionalText(form.text("comment", COMMENT_RULES));
  return form.result({ rating: rating ?? 0, audienceType: audienceType as Audience, comment });
}

export type ReviewVote = "helpful" | "unhelpful" | "none";

/**
 * Public site §4: clicking the vote one already gave removes it, clicking the
 * other replaces it. The browser turns a click into the wanted state and the
 * server stores that state, so repeated or parallel submissions are harmless.
 */
export function voteAfterClick(current: ReviewVote, clicked: "helpful" | "unhelpful"): ReviewVote {
  return current === clicked ? "none" : clicked;
}

export type ReviewVotes = { helpfulCount: number; unhelpfulCount: number; myVote: ReviewVote };

/** The counts once the wanted vote replaces the member's current one: what the page shows while the server answers. */
export function countsAfterVote(votes: ReviewVotes, wanted: ReviewVote): ReviewVotes {
  const minus = (vote: ReviewVote) => (votes.myVote === vote ? 1 : 0);
  const plus = (vote: ReviewVote) => (wanted === vote ? 1 : 0);
  return {
    helpfulCount: votes.helpfulCount - minus("helpful") + plus("helpful"),
    unhelpfulCount: votes.unhelpfulCount - minus("unhelpful") + plus("unhelpful"),
    myVote: wanted,
  };
}
