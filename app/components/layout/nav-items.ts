import type { CurrentUser } from "~/domain/current-user";

export type NavItem = {
  key: "home" | "map" | "contribute" | "rankings" | "duels" | "profile" | "admin" | "login";
  /** Unprefixed path; public pages get the language prefix, admin pages have none. */
  path: string;
  localized: boolean;
};

/** Header links per role (docs/rules/site.md#header): profile for the signed-in, admin for the administrator, login for visitors. */
export function headerItems(user: CurrentUser | null): NavItem[] {
  const items: NavItem[] = [
    { key: "home", path: "/", localized: true },
    { key: "map", path: "/map", localized: true },
    { key: "contribute", path: "/contribute", localized: true },
    { key: "rankings", path: "/rankings", localized: true },
    { key: "duels", path: "/duels", localized: true },
  ];
  if (user) items.push({ key: "profile", path: "/profile", localized: true });
  if (user?.isAdmin) items.push({ key: "admin", path: "/admin", localized: false });
  if (!user) items.push({ key: "login", path: "/login", localized: true });
  return items;
}
