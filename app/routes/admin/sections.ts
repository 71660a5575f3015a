/** The back office's screens after the dashboard, in the order of its side menu (community §2), then the moderation log. */
export const ADMIN_SECTIONS = ["parks", "attractions", "users", "ratings", "comments", "suggestions", "settings", "log"] as const;
