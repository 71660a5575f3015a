import type { RideField } from "./ride-form";
import type { FieldMessage, FieldMessages } from "./form-values";
import type { ADD_RIDE_INTENT, RATE_RIDE_INTENT, RATE_PARK_INTENT, REPORT_INTENT, VOTE_INTENT } from "./page-intents";
import type { RideRatingField, ParkRatingField } from "./rating-forms";
import type { ReviewVotes } from "./rating-rules";

/**
 * What the park and attraction pages' actions answer to each of their forms
 * (`?intent=…`, page-intents.ts). The actions are declared to return exactly
 * these (`PageAnswer` in app/server/http/page-answer.ts) and the forms read them
 * (usePageFormFetcher): an answer that changes shape fails the type check on
 * both sides instead of reaching a form that no longer understands it.
 */
export type RateParkAnswer =
  | { intent: typeof RATE_PARK_INTENT; saved: "created" | "updated" }
  | { intent: typeof RATE_PARK_INTENT; errors: FieldMessages<ParkRatingField> };

export type RateRideAnswer =
  | { intent: typeof RATE_RIDE_INTENT; saved: "created" | "updated" }
  | { intent: typeof RATE_RIDE_INTENT; errors: FieldMessages<RideRatingField> };

export type AddRideAnswer =
  | { intent: typeof ADD_RIDE_INTENT; created: { name: string; moderationStatus: "pending" | "approved" } }
  | { intent: typeof ADD_RIDE_INTENT; errors: FieldMessages<RideField> };

/**
 * A vote's or a report's answer. The review's id comes back so a page answered
 * whole (a click before the form hydrated) shows the answer under the right review.
 */
type ReviewAnswer<Intent, Done = unknown> = { intent: Intent; ratingId: string } & (({ ok: true } & Done) | { error: FieldMessage });

/**
 * A vote answers with the review's counts and the member's vote as stored: the
 * page does not reload after a vote (docs/rules/ratings.md#votes, decision 0032), its buttons show these
 * until the page's data, reloaded by the vote's live notice, catches up.
 */
export type VoteAnswer = ReviewAnswer<typeof VOTE_INTENT, { votes: ReviewVotes }>;

export type ReportAnswer = ReviewAnswer<typeof REPORT_INTENT>;

/** What the vote and report forms' shared handler (app/server/reviews/review-intents.ts) answers. */
export type ReviewIntentAnswer = VoteAnswer | ReportAnswer;

export type ParkPageAnswer = RateParkAnswer | AddRideAnswer | ReviewIntentAnswer;

export type RidePageAnswer = RateRideAnswer | ReviewIntentAnswer;
