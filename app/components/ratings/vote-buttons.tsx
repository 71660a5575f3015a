import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { VOTE_INTENT } from "~/domain/page-intents";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import type { VoteAnswer } from "~/domain/page-answers";
import { countsAfterVote, voteAfterClick, type ReviewVote, type ReviewVotes } from "~/domain/rating-rules";

/**
 * "Utile" / "Pas utile" on another member's review (docs/rules/ratings.md#votes). The click
 * shows at once (optimistic), then the counts the server answers; a refused
 * vote goes back and says why. The page does not reload after a vote (decision
 * 0032): the vote's live notice reloads its data, and from then on the
 * page's counts are the truth again (they no longer equal those the click
 * was made over). Visitors and authors see the counts only (VoteCounts).
 */
export function VoteButtons({ ratingType, ratingId, votes }: { ratingType: "park" | "attraction"; ratingId: string; votes: ReviewVotes }) {
  const { t } = useTranslation();
  const { fetcher, result } = usePageFormFetcher<VoteAnswer>({ intent: VOTE_INTENT, ratingId });
  const [clickedOver, setClickedOver] = useState<ReviewVotes | null>(null);
  const pending = fetcher.formData?.get("vote");
  const answered = fetcher.state === "idle" && fetcher.data && "votes" in fetcher.data && clickedOver && sameVotes(clickedOver, votes) ? fetcher.data.votes : null;
  const shown = typeof pending === "string" ? countsAfterVote(votes, pending as ReviewVote) : (answered ?? votes);
  const error = fetcher.state === "idle" && result && "error" in result ? result.error : null;
  const button = (kind: "helpful" | "unhelpful") => (
    <button
      type="submit"
      name="vote"
      value={voteAfterClick(shown.myVote, kind)}
      aria-pressed={shown.myVote === kind}
    >
      {t(kind === "helpful" ? "ratings.reviews.helpfulCount" : "ratings.reviews.unhelpfulCount", {
        count: kind === "helpful" ? shown.helpfulCount : shown.unhelpfulCount,
      })}
    </button>
  );
  return (
    <fetcher.Form
      method="post"
      action={`?intent=${VOTE_INTENT}`}
      defaultShouldRevalidate={false}
      onSubmit={() => setClickedOver(votes)}
      className="vote-row"
    >
      <input type="hidden" name="ratingType" value={ratingType} />
      <input type="hidden" name="ratingId" value={ratingId} />
      {button("helpful")}
      {button("unhelpful")}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {t(error.key, error.values)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function sameVotes(a: ReviewVotes, b: ReviewVotes): boolean {
  return a.myVote === b.myVote && a.helpfulCount === b.helpfulCount && a.unhelpfulCount === b.unhelpfulCount;
}
