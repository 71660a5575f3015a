/** The back office's screens after the dashboard, in the order of its side menu (community §2). */
export const ADMIN_SECTIONS = ["parks", "attractions", "users", "ratings", "comments", "suggestions", "settings"] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function isAdminSection(value: string | undefined): value is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value ?? "");
}
