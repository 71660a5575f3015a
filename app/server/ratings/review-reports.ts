import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import { checkReportForm } from "~/domain/rating-forms";
import { readAdminSettings } from "../admin/admin-settings";
import type { Database } from "../db/database";
import { commentReports } from "../db/schema";
import { enqueueAdminNotification } from "../notifications/enqueue-notification";
import { hideWhenReportedEnough } from "./auto-moderation";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { lockReviewToActOn, namedReviewType, reviewNotFound } from "./review-action";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

export type ReviewReportDeps = { db: Database; logger: Logger; limits?: WriteLimits };

export type ReviewReportOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: "invalid" | "forbidden" | "notFound" | "conflict" | "tooMany" | "failed"; error: FieldMessage };

type Refusal = Extract<ReviewReportOutcome, { ok: false }>;

/**
 * "Signaler" (docs/rules/ratings.md#reports, docs/rules/quality.md#reporting-a-review): a member reports a review with a reason; the report
 * waits, pending, in the administrator's "Commentaires signalés". One report
 * per member and review — the unique index decides, also between two
 * simultaneous reports — and never on one's own review.
 */
export async function reportReview(
  { db, logger, limits = WRITE_LIMITS }: ReviewReportDeps,
  user: CurrentUser,
  input: { ratingType: string; ratingId: string; reason: string },
): Promise<ReviewReportOutcome> {
  const type = namedReviewType(input);
  if (!type) return reviewNotFound();
  const fields = checkReportForm({ reason: input.reason });
  if (!fields.ok) return { ok: false, reason: "invalid", error: fields.errors.reason![0]! };
  const { reason } = fields.data;

  try {
    return await transactionOrRefusal<ReviewReportOutcome, Refusal>(db, async (tx, refuse) => {
      // Locked first: auto-moderation counts the review's reports one transaction at a time.
      const review = await lockReviewToActOn(tx, type, input.ratingId, user, "ratings.errors.ownReport");
      if ("ok" in review) return refuse(review);
      const [report] = await tx
        .insert(commentReports)
        .values({ commentType: type, commentId: input.ratingId, reportedBy: user.id, reason })
        .onConflictDoNothing()
        .returning({ id: commentReports.id });
      if (!report) return refuse({ ok: false, reason: "conflict", error: { key: "ratings.errors.alreadyReported" } });
      // Counted after the duplicate check, so that reporting twice does not use up the allowance.
      if (!(await consumeWriteAllowance(tx, user.id, "report", limits))) {
        return refuse({ ok: false, reason: "tooMany", error: { key: "ratings.errors.tooManyReports" } });
      }
      const settings = await readAdminSettings(tx);
      await enqueueAdminNotification(tx, { kind: "new_report", targetId: report.id, reason, author: user.username }, { settings });
      const topic = review.rideId ? rideTopic(review.rideId) : parkTopic(review.parkId);
      await hideWhenReportedEnough(tx, { type, ratingId: input.ratingId, topic }, settings);
      return { ok: true, id: report.id };
    });
  } catch (error) {
    logger.error({ err: error }, "review report not saved");
    return { ok: false, reason: "failed", error: { key: "errors.serverErrorTitle" } };
  }
}

