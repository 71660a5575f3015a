import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { Transaction } from "../db/database";
import { attractionRatings, commentReports, parkRatings } from "../db/schema";
import { readAdminSettings } from "../admin/admin-settings";
import type { ReviewType } from "./review-target";

function ratingTable(type: ReviewType) {
  return type === "park" ? parkRatings : attractionRatings;
}

/**
 * Auto-moderation (community §9, DESIGN.md, decision 0017): with it on, a
 * review that reaches `maxReportsBeforeHide` pending reports is hidden from
 * public pages. Runs in the report's own transaction, after its insert: the
 * review row is locked first, so that reports arriving together are counted
 * one after the other, each seeing the others once they committed (a count
 * statement run after the lock is granted reads what committed before it).
 */
export async function hideWhenReportedEnough(tx: Transaction, type: ReviewType, ratingId: string): Promise<void> {
  const settings = await readAdminSettings(tx);
  if (!settings.autoModeration) return;
  const table = ratingTable(type);
  const [review] = await tx.select({ hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, ratingId)).for("update");
  if (!review || review.hiddenAt) return;
  const [pending] = await tx
    .select({ count: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentType, type), eq(commentReports.commentId, ratingId), eq(commentReports.status, "pending")));
  if ((pending?.count ?? 0) < settings.maxReportsBeforeHide) return;
  await tx.update(table).set({ hiddenAt: new Date() }).where(and(eq(table.id, ratingId), isNull(table.hiddenAt)));
}

/**
 * After the administrator dismissed a report: a hidden review comes back once
 * none of its reports is pending and none was upheld (resolved). A resolved
 * report keeps it hidden — the administrator agreed with it.
 */
export async function showWhenReportsDismissed(tx: Transaction, type: ReviewType, ratingId: string): Promise<void> {
  const table = ratingTable(type);
  const [review] = await tx.select({ hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, ratingId)).for("update");
  if (!review?.hiddenAt) return;
  const [open] = await tx
    .select({ count: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentType, type), eq(commentReports.commentId, ratingId), inArray(commentReports.status, ["pending", "resolved"])));
  if ((open?.count ?? 0) > 0) return;
  await tx.update(table).set({ hiddenAt: null }).where(eq(table.id, ratingId));
}
