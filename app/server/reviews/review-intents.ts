import type { AppLoadContext } from "~/server/load-context";
import type { CurrentUser } from "~/domain/current-user";
import type { ReviewIntentAnswer } from "~/domain/page-answers";
import { REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import type { IntentHandlers, PostedIntent } from "../http/dispatch-intent";
import type { PageAnswer } from "../http/page-answer";
import { refused } from "../http/refusal-status";
import { reportReview } from "../ratings/review-reports";
import { setReviewVote } from "../ratings/review-votes";

/**
 * The vote and report forms of every review list, from the park page and the
 * attraction page alike: two intents each page's table takes in. The services
 * check every field themselves.
 */
export function reviewIntentHandlers(
  context: AppLoadContext,
  user: CurrentUser,
): IntentHandlers<typeof VOTE_INTENT | typeof REPORT_INTENT, PostedIntent, PageAnswer<ReviewIntentAnswer>> {
  const target = async (form: PostedIntent["form"]) => {
    const { text } = await form();
    return { text, target: { ratingType: text("ratingType"), ratingId: text("ratingId") } };
  };
  return {
    // The review's id comes back with every answer (see ReviewAnswer).
    [VOTE_INTENT]: async ({ intent, form }) => {
      const { text, target: review } = await target(form);
      const ratingId = review.ratingId;
      const outcome = await setReviewVote(context, user, { ...review, vote: text("vote") });
      if (!outcome.ok) return refused({ intent, ratingId, error: outcome.error }, outcome.reason);
      const { vote: myVote, helpfulCount, unhelpfulCount } = outcome;
      return { intent, ratingId, ok: true, votes: { myVote, helpfulCount, unhelpfulCount } };
    },
    [REPORT_INTENT]: async ({ intent, form }) => {
      const { text, target: review } = await target(form);
      const ratingId = review.ratingId;
      const outcome = await reportReview(context, user, { ...review, reason: text("reason") });
      return outcome.ok ? { intent, ratingId, ok: true } : refused({ intent, ratingId, error: outcome.error }, outcome.reason);
    },
  };
}
