/**
 * Ratings' rules shared by the browser and the server: the photo limit and
 * the review votes. The rating forms' checks are in rating-forms.ts (they
 * pull in the form reader, which the vote buttons every visitor loads need not).
 */

/** Photos a park review may carry. */
export const MAX_REVIEW_PHOTOS = 5;

export type ReviewVote = "helpful" | "unhelpful" | "none";

/**
 * docs/rules/ratings.md#votes: clicking the vote one already gave removes it, clicking the
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
