import { data, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import { REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import { reportReview } from "../ratings/review-reports";
import { setReviewVote } from "../ratings/review-votes";

/**
 * The vote and report forms of every review list post here, from the park
 * page and the attraction page alike. Null when the intent is not theirs.
 * The services check every field themselves.
 */
export async function handleReviewIntent(intent: string | null, request: Request, context: AppLoadContext, user: CurrentUser) {
  if (intent !== VOTE_INTENT && intent !== REPORT_INTENT) return null;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const target = { ratingType: text("ratingType"), ratingId: text("ratingId") };
  const outcome =
    intent === VOTE_INTENT
      ? await setReviewVote(context, user, { ...target, vote: text("vote") })
      : await reportReview(context, user, { ...target, reason: text("reason") });
  // The review's id comes back so a page answered whole (a click before the
  // form hydrated) shows the answer under the right review.
  const answer = { intent, ratingId: target.ratingId };
  return outcome.ok ? { ...answer, ok: true as const } : data({ ...answer, error: outcome.error }, outcome.status);
}
