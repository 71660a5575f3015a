import { eq, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { attractions, parks } from "../db/schema";

/**
 * Who sees a park or an attraction (public site §4): everyone sees approved
 * content; a pending or rejected contribution is seen only by its author,
 * with a notice, and by the administrator who moderates it.
 */
export function visibleTo(table: typeof parks | typeof attractions, user: CurrentUser | null): SQL {
  if (user?.isAdmin) return sql`true`;
  const approved = eq(table.moderationStatus, "approved");
  return user ? or(approved, eq(table.createdBy, user.id))! : approved;
}
