import type { KeysetPage } from "./admin-paging";

/**
 * The administrator's "Commentaires signalés" (docs/rules/back-office.md#reported-comments): a report
 * is pending until the administrator resolves it (an explanation required)
 * or dismisses it (none needed).
 */
export const REPORT_STATUSES = ["pending", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The list's status filter from the address: one status, or every one ("" / anything else). */
export function readReportStatusFilter(value: string | null): ReportStatus | null {
  return (REPORT_STATUSES as readonly string[]).includes(value ?? "") ? (value as ReportStatus) : null;
}

/** One row of the list, as listAdminReports (app/server/admin/admin-reports.ts) returns it. */
export type AdminReportRow = {
  id: string;
  type: "park" | "attraction";
  /** The reported review's comment (null when the review has none: it was reported for its scores). */
  comment: string | null;
  /** The park reviewed, or the ride reviewed and its park. */
  targetName: string;
  parkName: string | null;
  /** The review is hidden from public pages by auto-moderation. */
  hidden: boolean;
  reporter: string;
  reason: string;
  createdAt: string;
  status: ReportStatus;
  resolution: string | null;
};

export type AdminReportPage = KeysetPage<AdminReportRow>;

/** A resolution's explanation: required to resolve, a few sentences at most. */
export const RESOLUTION_MAX_LENGTH = 1000;
