import { and, eq } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import { RESOLUTION_MAX_LENGTH } from "~/domain/admin-reports";
import type { Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { commentReports } from "../db/schema";
import { showWhenReportsDismissed } from "../ratings/auto-moderation";
import { logModeration } from "./moderation-log";

export type ReportModerationOutcome = { ok: true } | { ok: false; reason: "invalid" | "conflict"; error: FieldMessage };
type Refusal = Extract<ReportModerationOutcome, { ok: false }>;

const STALE: Refusal = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };

/**
 * Resolves a pending report (docs/rules/back-office.md#reported-comments): the administrator upheld it and
 * says how (the explanation is required). The report, its log row (the
 * explanation as details) change together; a review hidden by
 * auto-moderation stays hidden. A report no longer pending (moderated in
 * another tab, or gone with its review) is stale: nothing is written.
 */
export async function resolveReport(db: Database, admin: CurrentUser, input: { id: string; resolution: string }): Promise<ReportModerationOutcome> {
  if (!isUuid(input.id)) return { ok: false, reason: "invalid", error: { key: "errors.badRequest" } };
  const resolution = input.resolution.trim();
  if (!resolution) return { ok: false, reason: "invalid", error: { key: "admin.comments.resolutionRequired" } };
  if (resolution.length > RESOLUTION_MAX_LENGTH) return tooLong();
  return transactionOrRefusal<ReportModerationOutcome, Refusal>(db, async (tx, refuse) => {
    const [report] = await tx
      .update(commentReports)
      .set({ status: "resolved", resolution, resolvedAt: new Date(), resolvedBy: admin.id })
      .where(and(eq(commentReports.id, input.id), eq(commentReports.status, "pending")))
      .returning({ id: commentReports.id });
    if (!report) return refuse(STALE);
    await logModeration(tx, { action: "resolve", targetType: "comment_report", targetId: report.id, moderatorId: admin.id, details: resolution });
    return { ok: true };
  });
}

/**
 * Dismisses a pending report (docs/rules/back-office.md#reported-comments: no explanation needed; one typed
 * anyway is kept, as the report's resolution and the log's details). A review
 * hidden by auto-moderation is shown again once none of its reports is
 * pending and none was resolved (decision 0017), in the same transaction.
 */
export async function dismissReport(db: Database, admin: CurrentUser, input: { id: string; resolution: string }): Promise<ReportModerationOutcome> {
  if (!isUuid(input.id)) return { ok: false, reason: "invalid", error: { key: "errors.badRequest" } };
  const resolution = input.resolution.trim() || null;
  if (resolution && resolution.length > RESOLUTION_MAX_LENGTH) return tooLong();
  return transactionOrRefusal<ReportModerationOutcome, Refusal>(db, async (tx, refuse) => {
    const [report] = await tx
      .update(commentReports)
      .set({ status: "dismissed", resolution, resolvedAt: new Date(), resolvedBy: admin.id })
      .where(and(eq(commentReports.id, input.id), eq(commentReports.status, "pending")))
      .returning({ id: commentReports.id, type: commentReports.commentType, reviewId: commentReports.commentId });
    if (!report) return refuse(STALE);
    await logModeration(tx, { action: "dismiss", targetType: "comment_report", targetId: report.id, moderatorId: admin.id, details: resolution });
    await showWhenReportsDismissed(tx, report.type, report.reviewId);
    return { ok: true };
  });
}

function tooLong(): Refusal {
  return { ok: false, reason: "invalid", error: { key: "admin.comments.resolutionTooLong", values: { max: RESOLUTION_MAX_LENGTH } } };
}
