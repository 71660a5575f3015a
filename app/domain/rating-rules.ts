import { COMMENT_MAX_LENGTH } from "./comment-limits";
import { PARK_RATING_CATEGORIES, type ParkRatingCategory } from "./park-rating-categories";
import type { FieldMessages } from "./form-values";
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

function readStars(raw: string | undefined): number | null | undefined {
  const text = (raw ?? "").trim();
  if (text === "" || text === "0") return null;
  return /^[1-5]$/.test(text) ? Number(text) : undefined;
}

function readComment(raw: string | undefined): { ok: true; value: string | null } | { ok: false } {
  const text = (raw ?? "").trim();
  if (text.length > COMMENT_MAX_LENGTH) return { ok: false };
  return { ok: true, value: text === "" ? null : text };
}

export function readParkRatingForm(
  values: Record<string, string | undefined>,
): { ok: true; draft: ParkRatingDraft } | { ok: false; errors: FieldMessages<ParkRatingField> } {
  const errors: FieldMessages<ParkRatingField> = {};
  const stars = {} as Record<ParkRatingCategory, number | null>;
  for (const category of PARK_RATING_CATEGORIES) {
    const value = readStars(values[category]);
    if (value === undefined) errors[category] = [{ key: "ratings.errors.stars" }];
    else stars[category] = value;
  }
  if (!errors.kidsFriendly && PARK_RATING_CATEGORIES.every((category) => stars[category] === null)) {
    errors.form = [{ key: "ratings.errors.atLeastOneStar" }];
  }
  const visitDuration = values.visitDuration ?? "";
  if (!(VISIT_DURATIONS as readonly string[]).includes(visitDuration)) errors.visitDuration = [{ key: "ratings.errors.visitDurationRequired" }];
  const comment = readComment(values.comment);
  if (!comment.ok) errors.comment = [{ key: "ratings.errors.commentTooLong", values: { max: COMMENT_MAX_LENGTH } }];
  if (Object.keys(errors).length > 0 || !comment.ok) return { ok: false, errors };
  return { ok: true, draft: { stars, visitDuration: visitDuration as VisitDuration, comment: comment.value } };
}

export function readAttractionRatingForm(
  values: Record<string, string | undefined>,
): { ok: true; draft: AttractionRatingDraft } | { ok: false; errors: FieldMessages<AttractionRatingField> } {
  const errors: FieldMessages<AttractionRatingField> = {};
  const rating = readStars(values.rating);
  if (!rating) errors.rating = [{ key: "ratings.errors.ratingRequired" }];
  const audienceType = values.audienceType ?? "";
  if (!(AUDIENCES as readonly string[]).includes(audienceType)) errors.audienceType = [{ key: "ratings.errors.audienceRequired" }];
  const comment = readComment(values.comment);
  if (!comment.ok) errors.comment = [{ key: "ratings.errors.commentTooLong", values: { max: COMMENT_MAX_LENGTH } }];
  if (Object.keys(errors).length > 0 || !comment.ok || !rating) return { ok: false, errors };
  return { ok: true, draft: { rating, audienceType: audienceType as Audience, comment: comment.value } };
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
