import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { rideTopic, parkTopic, type LiveTopic } from "~/domain/live-topics";
import type { Transaction } from "../db/database";
import { rideRatings, commentReports, parkRatings } from "../db/schema";
import type { AdminSettings } from "../admin/admin-settings";
import { notifyLive, writeThenNotifyLive } from "../live/notify";
import type { ReviewType } from "./review-target";

function ratingTable(type: ReviewType) {
  return type === "park" ? parkRatings : rideRatings;
}

/**
 * The review's row, locked until the transaction ends, with the live topic of
 * the page that lists it; null when it is gone.
 */
async function lockReview(tx: Transaction, type: ReviewType, ratingId: string): Promise<{ hiddenAt: Date | null; topic: LiveTopic } | null> {
  const table = ratingTable(type);
  const [row] = await tx
    .select({ hiddenAt: table.hiddenAt, targetId: type === "park" ? parkRatings.parkId : rideRatings.rideId })
    .from(table)
    .where(eq(table.id, ratingId))
    .for("update");
  if (!row) return null;
  return { hiddenAt: row.hiddenAt, topic: type === "park" ? parkTopic(row.targetId) : rideTopic(row.targetId) };
}

/**
 * Auto-moderation (docs/rules/ratings.md#reports, docs/rules/quality.md#settings-take-effect, decision 0017): with it on, a
 * review that reaches `maxReportsBeforeHide` pending reports is hidden from
 * public pages. Runs in the report's own transaction, after its insert, on a
 * review the caller locked (shown, since findReviewTarget finds only those)
 * before it: reports arriving together are counted one after the other, each
 * seeing the others once they committed (a count statement run after the
 * lock is granted reads what committed before it), with the settings the
 * transaction read. Open pages that list the review reload (live updates,
 * decision 0007).
 */
export async function hideWhenReportedEnough(
  tx: Transaction,
  locked: { type: ReviewType; ratingId: string; topic: LiveTopic },
  settings: Pick<AdminSettings, "autoModeration" | "maxReportsBeforeHide">,
): Promise<void> {
  if (!settings.autoModeration) return;
  const { type, ratingId } = locked;
  const [pending] = await tx
    .select({ count: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentType, type), eq(commentReports.commentId, ratingId), eq(commentReports.status, "pending")));
  if ((pending?.count ?? 0) < settings.maxReportsBeforeHide) return;
  const table = ratingTable(type);
  const hide = tx.update(table).set({ hiddenAt: new Date() }).where(and(eq(table.id, ratingId), isNull(table.hiddenAt))).returning({ id: table.id });
  await writeThenNotifyLive(tx, hide, locked.topic);
}

/**
 * After the administrator dismissed a report: a hidden review comes back once
 * none of its reports is pending and none was upheld (resolved). A resolved
 * report keeps it hidden — the administrator agreed with it.
 */
export async function showWhenReportsDismissed(tx: Transaction, type: ReviewType, ratingId: string): Promise<void> {
  const review = await lockReview(tx, type, ratingId);
  if (!review?.hiddenAt) return;
  const [open] = await tx
    .select({ count: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentType, type), eq(commentReports.commentId, ratingId), inArray(commentReports.status, ["pending", "resolved"])));
  if ((open?.count ?? 0) > 0) return;
  const table = ratingTable(type);
  await tx.update(table).set({ hiddenAt: null }).where(eq(table.id, ratingId));
  await notifyLive(tx, review.topic);
}
