import type { Audience, VisitDuration } from "./park-scores";
import type { ParkRatingCategory } from "./park-rating-categories";
import type { ReviewVote } from "./rating-rules";

/**
 * The reviews and the member's own ratings as the park and attraction pages
 * show them: declared here, where the pages' components can read them, and
 * returned as such by the queries of app/server/ratings/review-queries.ts (a
 * query that changes shape fails the type check instead of the page).
 */
export type ReviewBase = {
  id: string;
  userId: string;
  username: string;
  comment: string | null;
  createdAt: string;
  helpfulCount: number;
  unhelpfulCount: number;
  /** The viewer's own vote on this review ("none" for visitors). */
  myVote: ReviewVote;
  reportedByMe: boolean;
  isMine: boolean;
  /** Hidden by auto-moderation (decision 0017): listed only for its author and the administrator, with a notice. */
  hidden: boolean;
};

export type ParkReview = ReviewBase & {
  stars: Record<ParkRatingCategory, number | null>;
  visitDuration: VisitDuration;
  /** Stored image references (img:v1:…). */
  images: string[];
};

export type RideReview = ReviewBase & { rating: number; audienceType: Audience };

export type OwnParkRating = {
  id: string;
  stars: Record<ParkRatingCategory, number | null>;
  visitDuration: VisitDuration;
  comment: string | null;
  images: string[];
  createdAt: string;
};

export type OwnRideRating = { id: string; rating: number; audienceType: Audience; comment: string | null; createdAt: string };
