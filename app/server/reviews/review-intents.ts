import { data, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import { reportReview } from "../ratings/review-reports";
import { setReviewVote } from "../ratings/review-votes";

const RATING_TYPES = ["park", "attraction"] as const;
const VOTES = ["helpful", "unhelpful", "none"] as const;

/**
 * The vote and report forms of every review list post here, from the park
 * page and the attraction page alike. Null when the intent is not theirs.
 */
export async function handleReviewIntent(intent: string | null, request: Request, context: AppLoadContext, user: CurrentUser) {
  if (intent !== VOTE_INTENT && intent !== REPORT_INTENT) return null;
  const form = await request.formData();
  const ratingType = String(form.get("ratingType") ?? "");
  const ratingId = String(form.get("ratingId") ?? "");
  if (!(RATING_TYPES as readonly string[]).includes(ratingType) || !isUuid(ratingId)) {
    return data({ intent, error: { key: "ratings.errors.notFound" } }, 404);
  }
  const target = { ratingType: ratingType as (typeof RATING_TYPES)[number], ratingId };
  if (intent === VOTE_INTENT) {
    const vote = String(form.get("vote") ?? "");
    if (!(VOTES as readonly string[]).includes(vote)) return data({ intent, error: { key: "ratings.errors.submitFailed" } }, 400);
    const outcome = await setReviewVote(context, user, { ...target, vote: vote as (typeof VOTES)[number] });
    return outcome.ok ? { intent, ok: true as const } : data({ intent, error: outcome.error }, outcome.status);
  }
  const outcome = await reportReview(context, user, { ...target, reason: String(form.get("reason") ?? "") });
  return outcome.ok ? { intent, ok: true as const } : data({ intent, error: outcome.error }, outcome.status);
}
