import { data, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import type { ReviewIntentAnswer } from "~/domain/page-answers";
import { REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import type { PageAnswer } from "../page-answer";
import { reportReview } from "../ratings/review-reports";
import { setReviewVote } from "../ratings/review-votes";
import { readForm } from "../read-form";

/**
 * The vote and report forms of every review list post here, from the park
 * page and the attraction page alike. Null when the intent is not theirs.
 * The services check every field themselves.
 */
export async function handleReviewIntent(
  intent: string | null,
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
): Promise<PageAnswer<ReviewIntentAnswer> | null> {
  if (intent !== VOTE_INTENT && intent !== REPORT_INTENT) return null;
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const target = { ratingType: text("ratingType"), ratingId: text("ratingId") };
  // The review's id comes back (see ReviewAnswer).
  const ratingId = target.ratingId;
  if (intent === VOTE_INTENT) {
    const outcome = await setReviewVote(context, user, { ...target, vote: text("vote") });
    if (!outcome.ok) return data({ intent, ratingId, error: outcome.error }, outcome.status);
    const { vote: myVote, helpfulCount, unhelpfulCount } = outcome;
    return { intent, ratingId, ok: true, votes: { myVote, helpfulCount, unhelpfulCount } };
  }
  const outcome = await reportReview(context, user, { ...target, reason: text("reason") });
  return outcome.ok ? { intent, ratingId, ok: true } : data({ intent, ratingId, error: outcome.error }, outcome.status);
}
