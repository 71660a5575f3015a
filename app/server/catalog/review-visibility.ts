import { eq, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";

/**
 * Who sees a review (decision 0017), beside visibility.ts which says who sees
 * a park or a ride: the one source of these conditions for every public query
 * of reviews (park and ride pages, member profiles, votes and reports). A
 * review hidden by auto-moderation leaves every public page and list; its
 * scores stay in the maintained aggregates, which never read this.
 */

/** park_ratings or attraction_ratings, or an alias of either (raw SQL queries name them `r`). */
type ReviewTable = { hiddenAt: AnyColumn; userId: AnyColumn };

/** A review everyone sees: not hidden by auto-moderation. */
export function publicReview(table: ReviewTable): SQL {
  return isNull(table.hiddenAt);
}

/**
 * A review the viewer sees in a list: a public one, or their own hidden one
 * (shown to them with a notice, so that it does not seem lost), or any for
 * the administrator who moderates it.
 */
export function visibleReview(table: ReviewTable, viewer: CurrentUser | null): SQL {
  if (viewer?.isAdmin) return sql`true`;
  return viewer ? or(publicReview(table), eq(table.userId, viewer.id))! : publicReview(table);
}
