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
  const outcome =
    intent === VOTE_INTENT
      ? await setReviewVote(context, user, { ...target, vote: text("vote") })
      : await reportReview(context, user, { ...target, reason: text("reason") });
  // The review's id comes back (see VoteAnswer).
  const answer: Pick<ReviewIntentAnswer, "intent" | "ratingId"> = { intent, ratingId: target.ratingId };
  return outcome.ok ? { ...answer, ok: true } : data({ ...answer, error: outcome.error }, outcome.status);
}
