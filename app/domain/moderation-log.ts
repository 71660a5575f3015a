/**
 * The moderation log's vocabulary (docs/rules/back-office.md#moderation-log): what an administrator did,
 * and to what. Every moderation action writes one row in its own transaction;
 * the log screen filters and labels by these lists, and the database enum of
 * target types takes TARGET_TYPES.
 */
export const MODERATION_TARGET_TYPES = ["park", "attraction", "user", "comment_report", "rating", "suggestion", "settings"] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

export const MODERATION_ACTIONS = [
  "approve",
  "reject",
  "update",
  "delete",
  "suspend",
  "reactivate",
  "resolve",
  "dismiss",
  "update_settings",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export function isModerationAction(value: string): value is ModerationAction {
  return (MODERATION_ACTIONS as readonly string[]).includes(value);
}

export function isModerationTargetType(value: string): value is ModerationTargetType {
  return (MODERATION_TARGET_TYPES as readonly string[]).includes(value);
}
