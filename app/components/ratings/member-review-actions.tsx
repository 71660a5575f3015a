import type { ReviewVotes } from "~/domain/rating-rules";
import { ReportReview } from "./report-review";
import { VoteButtons } from "./vote-buttons";

/** What a member can do on someone else's review: vote, and report it. Loaded for members only (review-list.tsx). */
export default function MemberReviewActions({
  ratingType,
  ratingId,
  votes,
  reported,
}: {
  ratingType: "park" | "attraction";
  ratingId: string;
  votes: ReviewVotes;
  reported: boolean;
}) {
  return (
    <>
      <VoteButtons ratingType={ratingType} ratingId={ratingId} votes={votes} />
      <ReportReview ratingType={ratingType} ratingId={ratingId} reported={reported} />
    </>
  );
}
