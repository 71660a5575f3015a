import type { CurrentUser } from "~/domain/current-user";
import type { Executor } from "../db/database";
import { decodeParkCursor, decodeRideCursor } from "../ratings/review-cursor";
import { findOwnParkReview, findOwnRideReview, listParkReviews, listRideReviews } from "../ratings/review-queries";
import { requestedReviewCursor, shownReviews } from "./review-page";

/** A park's reviews as one viewer sees them: their own first, their votes and reports on the others'. */
export async function parkReviewsFor(db: Executor, parkId: string, viewer: CurrentUser | null, url: URL) {
  const cursor = requestedReviewCursor(url, decodeParkCursor);
  const [reviews, own] = await Promise.all([
    listParkReviews(db, parkId, viewer, { cursor }),
    viewer ? findOwnParkReview(db, parkId, viewer.id) : null,
  ]);
  return { reviews: shownReviews(url, "park", cursor, own, reviews), own };
}

/** A ride's reviews as one viewer sees them (see parkReviewsFor). */
export async function rideReviewsFor(db: Executor, rideId: string, viewer: CurrentUser | null, url: URL) {
  const cursor = requestedReviewCursor(url, decodeRideCursor);
  const [reviews, own] = await Promise.all([
    listRideReviews(db, rideId, viewer, { cursor }),
    viewer ? findOwnRideReview(db, rideId, viewer.id) : null,
  ]);
  return { reviews: shownReviews(url, "attraction", cursor, own, reviews), own };
}
