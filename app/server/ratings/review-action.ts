import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import type { MessageKey } from "~/i18n/translate";
import type { Executor } from "../db/database";
import { barredMessage } from "../allowances/member-standing";
import { findReviewTarget, REVIEW_TYPES, type ReviewTarget, type ReviewType } from "./review-target";

/** Why a member may not vote on or report a review. */
type ReviewActionRefusal = { ok: false; reason: "forbidden" | "notFound"; error: FieldMessage };

export function reviewNotFound(): ReviewActionRefusal {
  return { ok: false, reason: "notFound", error: { key: "ratings.errors.notFound" } };
}

/** The kind of review a vote or report names, or null when its type or id cannot name one. */
export function namedReviewType(input: { ratingType: string; ratingId: string }): ReviewType | null {
  const known = (REVIEW_TYPES as readonly string[]).includes(input.ratingType) && isUuid(input.ratingId);
  return known ? (input.ratingType as ReviewType) : null;
}

/**
 * The review a member votes on or reports, locked until the transaction ends (findReviewTarget), or why
 * they may not act on it: their standing bars them, it is not public (any more), or it is their own
 * (`ownReview` says so for this action).
 */
export async function lockReviewToActOn(
  tx: Executor,
  type: ReviewType,
  ratingId: string,
  user: CurrentUser,
  ownReview: MessageKey,
): Promise<ReviewTarget | ReviewActionRefusal> {
  const review = await findReviewTarget(tx, type, ratingId, { lock: true, writer: user.id });
  const barred = barredMessage(review?.writerSuspension ?? null);
  if (barred) return { ok: false, reason: "forbidden", error: barred };
  if (!review) return reviewNotFound();
  if (review.authorId === user.id) return { ok: false, reason: "forbidden", error: { key: ownReview } };
  return review;
}
