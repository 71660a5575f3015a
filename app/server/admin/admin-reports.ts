import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PageRequest } from "~/domain/admin-paging";
import type { AdminReportPage, ReportStatus } from "~/domain/admin-reports";
import type { Executor } from "../db/database";
import { rideRatings, rides, commentReports, parkRatings, parks, profiles } from "../db/schema";
import { cursorText, keyset, keysetResult } from "./keyset";

const rideParks = alias(parks, "ride_parks");

export type AdminReportFilters = { status: ReportStatus | null; search: string; page: PageRequest };

/**
 * One page of "Commentaires signalés" (docs/rules/back-office.md#reported-comments), newest first, in one
 * statement: each report with its reporter, the reported review's comment and
 * what it reviews (a park, or a ride and its park), hidden reviews included
 * and marked. Keyset paging over (created_at, id) reads the comment_reports
 * indexes backwards, filtered by status or not; the search keeps reports whose
 * reporter's username contains the text (any case). A report whose review was
 * deleted is gone with it (trigger of migration 0001).
 */
export async function listAdminReports(db: Executor, { status, search, page }: AdminReportFilters): Promise<AdminReportPage> {
  const paging = keyset(commentReports.createdAt, commentReports.id, page);
  const conditions: (SQL | undefined)[] = [paging.where];
  if (status) conditions.push(eq(commentReports.status, status));
  if (search) conditions.push(sql`strpos(lower(${profiles.username}), lower(${search})) > 0`);
  const rows = await db
    .select({
      id: commentReports.id,
      cursorAt: cursorText(commentReports.createdAt),
      type: commentReports.commentType,
      parkComment: parkRatings.comment,
      rideComment: rideRatings.comment,
      parkHiddenAt: parkRatings.hiddenAt,
      rideHiddenAt: rideRatings.hiddenAt,
      parkName: parks.name,
      rideName: rides.name,
      rideParkName: rideParks.name,
      reporter: profiles.username,
      reason: commentReports.reason,
      createdAt: commentReports.createdAt,
      status: commentReports.status,
      resolution: commentReports.resolution,
    })
    .from(commentReports)
    .innerJoin(profiles, eq(profiles.id, commentReports.reportedBy))
    .leftJoin(parkRatings, and(eq(commentReports.commentType, "park"), eq(parkRatings.id, commentReports.commentId)))
    .leftJoin(parks, eq(parks.id, parkRatings.parkId))
    .leftJoin(rideRatings, and(eq(commentReports.commentType, "attraction"), eq(rideRatings.id, commentReports.commentId)))
    .leftJoin(rides, eq(rides.id, rideRatings.rideId))
    .leftJoin(rideParks, eq(rideParks.id, rides.parkId))
    .where(and(...conditions))
    .orderBy(...paging.orderBy)
    .limit(paging.limit);
  const result = keysetResult(rows, page);
  return {
    ...result,
    rows: result.rows.map((row) => {
      const isPark = row.type === "park";
      return {
        id: row.id,
        type: row.type,
        comment: isPark ? row.parkComment : row.rideComment,
        targetName: (isPark ? row.parkName : row.rideName) ?? "",
        parkName: isPark ? null : row.rideParkName,
        hidden: (isPark ? row.parkHiddenAt : row.rideHiddenAt) !== null,
        reporter: row.reporter,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        resolution: row.resolution,
      };
    }),
  };
}
