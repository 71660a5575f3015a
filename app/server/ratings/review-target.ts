import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rideRatings, rides, parkRatings, parks } from "../db/schema";
import { publicRide, publicPark } from "../catalog/visibility";
import { publicReview } from "../catalog/review-visibility";
import { suspensionColumn } from "../allowances/member-standing";

export const REVIEW_TYPES = ["park", "attraction"] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** A review that can be voted on or reported: its author, its counts and the pages that show it. */
export type ReviewTarget = {
  authorId: string;
  helpfulCount: number;
  unhelpfulCount: number;
  parkId: string;
  rideId: string | null;
};

/**
 * The review, when it exists on an approved park (and approved attraction)
 * and is not hidden by auto-moderation (nobody else sees it to vote or report).
 * With `lock`, its row is locked until the transaction ends, so that one
 * member's votes on it, and its counts, change one at a time. With `writer`,
 * the same statement reads that member's standing (suspensionColumn): a vote
 * or a report spends no statement of its own on it.
 */
export async function findReviewTarget(
  executor: Executor,
  type: ReviewType,
  ratingId: string,
  { lock, writer }: { lock: boolean; writer?: string },
): Promise<(ReviewTarget & { writerSuspension: string | null }) | null> {
  const writerSuspension = writer ? suspensionColumn(writer) : sql<null>`NULL`;
  if (type === "park") {
    const query = executor
      .select({
        writerSuspension,
        authorId: parkRatings.userId,
        helpfulCount: parkRatings.helpfulCount,
        unhelpfulCount: parkRatings.unhelpfulCount,
        parkId: parkRatings.parkId,
      })
      .from(parkRatings)
      .innerJoin(parks, and(eq(parks.id, parkRatings.parkId), publicPark()))
      .where(and(eq(parkRatings.id, ratingId), publicReview(parkRatings)));
    const [row] = lock ? await query.for("update", { of: parkRatings }) : await query;
    return row ? { ...row, rideId: null } : null;
  }
  const query = executor
    .select({
      writerSuspension,
      authorId: rideRatings.userId,
      helpfulCount: rideRatings.helpfulCount,
      unhelpfulCount: rideRatings.unhelpfulCount,
      parkId: rides.parkId,
      rideId: rides.id,
    })
    .from(rideRatings)
    .innerJoin(rides, eq(rides.id, rideRatings.rideId))
    .innerJoin(parks, and(eq(parks.id, rides.parkId), publicRide()))
    .where(and(eq(rideRatings.id, ratingId), publicReview(rideRatings)));
  const [row] = lock ? await query.for("update", { of: rideRatings }) : await query;
  return row ?? null;
}
