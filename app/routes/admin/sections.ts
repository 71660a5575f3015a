/** The back office's screens after the dashboard, in the order of its side menu (docs/rules/back-office.md#side-menu), then the moderation log. */
export const ADMIN_SECTIONS = ["parks", "attractions", "users", "ratings", "comments", "suggestions", "settings", "log"] as const;
