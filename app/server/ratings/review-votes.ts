import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import type { ReviewVote } from "~/domain/rating-rules";
import { rideTopic, parkTopic, type LiveTopic } from "~/domain/live-topics";
import type { Database, Executor } from "../db/database";
import { rideRatings, parkRatings, ratingVotes } from "../db/schema";
import { writeThenNotifyLive } from "../live/notify";
import { voteCountDelta } from "./rating-deltas";
import { transactionOrRefusal } from "../db/refusable-transaction";
import type { ReviewTarget, ReviewType } from "./review-target";
import { lockReviewToActOn, namedReviewType, reviewNotFound } from "./review-action";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

export type ReviewVoteDeps = { db: Database; logger: Logger; limits?: WriteLimits };

export type ReviewVoteOutcome =
  | { ok: true; vote: ReviewVote; helpfulCount: number; unhelpfulCount: number }
  | { ok: false; reason: "invalid" | "forbidden" | "notFound" | "tooMany" | "failed"; error: FieldMessage };

type Refusal = Extract<ReviewVoteOutcome, { ok: false }>;

const VOTES: readonly string[] = ["helpful", "unhelpful", "none"] satisfies ReviewVote[];

/**
 * A member's helpful / unhelpful vote on a review (docs/rules/ratings.md#votes). The
 * browser sends the state it wants (voteAfterClick), the server stores that
 * state: sending it twice, or twenty times at once, leaves one vote. The
 * review's row is locked while its counts move, so they always equal its
 * votes. Nobody votes on their own review.
 */
export async function setReviewVote(
  { db, logger, limits = WRITE_LIMITS }: ReviewVoteDeps,
  user: CurrentUser,
  input: { ratingType: string; ratingId: string; vote: string },
): Promise<ReviewVoteOutcome> {
  const type = namedReviewType(input);
  if (!type) return reviewNotFound();
  if (!VOTES.includes(input.vote)) return { ok: false, reason: "invalid", error: { key: "errors.badRequest" } };
  const wanted = input.vote as ReviewVote;

  try {
    return await transactionOrRefusal<ReviewVoteOutcome, Refusal>(db, async (tx, refuse) => {
      const review = await lockReviewToActOn(tx, type, input.ratingId, user, "ratings.errors.ownReview");
      if ("ok" in review) return refuse(review);
      if (!(await consumeWriteAllowance(tx, user.id, "vote", limits))) {
        return refuse({ ok: false, reason: "tooMany", error: { key: "ratings.errors.tooManyVotes" } });
      }
      const mine = and(eq(ratingVotes.userId, user.id), eq(ratingVotes.ratingType, type), eq(ratingVotes.ratingId, input.ratingId));
      const [stored] = await tx.select({ isHelpful: ratingVotes.isHelpful }).from(ratingVotes).where(mine);
      const current: ReviewVote = stored ? (stored.isHelpful ? "helpful" : "unhelpful") : "none";
      if (current === wanted) return counted(wanted, review);

      if (wanted === "none") await tx.delete(ratingVotes).where(mine);
      else if (stored) await tx.update(ratingVotes).set({ isHelpful: wanted === "helpful" }).where(mine);
      else await tx.insert(ratingVotes).values({ userId: user.id, ratingType: type, ratingId: input.ratingId, isHelpful: wanted === "helpful" });
      // A vote shows on the page of its review only: the park page lists no ride reviews.
      const topic = review.rideId ? rideTopic(review.rideId) : parkTopic(review.parkId);
      return counted(wanted, await moveCountsAndNotify(tx, type, input.ratingId, review, voteCountDelta(current, wanted), topic));
    });
  } catch (error) {
    logger.error({ err: error }, "review vote not saved");
    return { ok: false, reason: "failed", error: { key: "errors.serverErrorTitle" } };
  }
}

/**
 * Moves the review's counts and tells its page, in one statement. The row is
 * locked since findReviewTarget read it, so the counts it gave plus the
 * difference are the new ones.
 */
async function moveCountsAndNotify(
  tx: Executor,
  type: ReviewType,
  ratingId: string,
  locked: Pick<ReviewTarget, "helpfulCount" | "unhelpfulCount">,
  delta: { helpful: number; unhelpful: number },
  topic: LiveTopic,
): Promise<Pick<ReviewTarget, "helpfulCount" | "unhelpfulCount">> {
  const table = type === "park" ? parkRatings : rideRatings;
  const update = tx
    .update(table)
    .set({
      helpfulCount: sql`${table.helpfulCount} + ${delta.helpful}`,
      unhelpfulCount: sql`${table.unhelpfulCount} + ${delta.unhelpful}`,
    })
    .where(eq(table.id, ratingId))
    .returning({ id: table.id });
  await writeThenNotifyLive(tx, update, topic);
  return { helpfulCount: locked.helpfulCount + delta.helpful, unhelpfulCount: locked.unhelpfulCount + delta.unhelpful };
}

function counted(vote: ReviewVote, counts: Pick<ReviewTarget, "helpfulCount" | "unhelpfulCount">): ReviewVoteOutcome {
  return { ok: true, vote, helpfulCount: counts.helpfulCount, unhelpfulCount: counts.unhelpfulCount };
}

