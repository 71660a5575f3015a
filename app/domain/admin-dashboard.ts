import { isModerationAction, isModerationTargetType, type ModerationAction, type ModerationTargetType } from "./moderation-log";

/** The dashboard's limits (docs/rules/back-office.md#dashboard): pending items per kind, recent log entries. */
export const DASHBOARD_PENDING_LIMIT = 5;
export const DASHBOARD_LOG_LIMIT = 10;

/** The dashboard's six counters (docs/rules/back-office.md#dashboard), in the order they are shown. */
export const DASHBOARD_COUNTERS = [
  "pendingParks",
  "pendingAttractions",
  "pendingParkSuggestions",
  "pendingAttractionSuggestions",
  "profiles",
  "pendingReports",
] as const;
export type DashboardCounter = (typeof DASHBOARD_COUNTERS)[number];
export type DashboardCounts = Record<DashboardCounter, number>;

/** The screen each counter leads to, filtered to what it counts where that screen has a status filter. */
export const DASHBOARD_COUNTER_LINKS: Record<DashboardCounter, string> = {
  pendingParks: "/admin/parks?status=pending",
  pendingAttractions: "/admin/attractions?status=pending",
  pendingParkSuggestions: "/admin/suggestions",
  pendingAttractionSuggestions: "/admin/suggestions",
  profiles: "/admin/users",
  pendingReports: "/admin/comments?status=pending",
};

/** A park or ride waiting for moderation; `parkName` only for a ride. */
export type PendingItem = {
  id: string;
  name: string;
  parkName: string | null;
  creatorUsername: string | null;
  createdAt: string;
};

/**
 * One moderation log row as the screens show it: the moderator's username
 * (null once their account is deleted) and the target's name for the targets
 * that have one (park, ride, member), null once the target is gone or when
 * it has no name (a report, a review, a suggestion: shown by id).
 */
export type ModerationLogEntry = {
  id: string;
  action: string;
  targetType: ModerationTargetType;
  targetId: string;
  /** The park's, ride's or member's name; for a report or a suggestion, the name of what the review or suggestion is about. */
  targetName: string | null;
  /** A report's review author, a suggestion's author: null for the other targets, or once gone. */
  targetAuthor: string | null;
  moderatorUsername: string | null;
  details: string | null;
  createdAt: string;
};

/** The targets that have a name to show; the others are shown by their id. */
export const NAMED_TARGET_TYPES: readonly ModerationTargetType[] = ["park", "attraction", "user"];

export type DashboardData = {
  counts: DashboardCounts;
  pendingParks: PendingItem[];
  pendingAttractions: PendingItem[];
  recentLog: ModerationLogEntry[];
};

/** The moderation log screen's filters, from its address (`action`, `target`, `q`); unknown values mean "all". */
export type ModerationLogFilters = { action: ModerationAction | null; targetType: ModerationTargetType | null; moderator: string };

export function readModerationLogFilters(params: URLSearchParams, search: string): ModerationLogFilters {
  const action = params.get("action") ?? "";
  const target = params.get("target") ?? "";
  return {
    action: isModerationAction(action) ? action : null,
    targetType: isModerationTargetType(target) ? target : null,
    moderator: search,
  };
}
