import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { rides, parks } from "../db/schema";

/**
 * Who sees a park or an attraction (docs/rules/catalogue.md#moderation-and-visibility, decision 0006): the one
 * source of these conditions for every query of app/server. They compare the
 * moderation_status columns themselves, never a function of them, so that
 * the indexes that start with those columns keep serving the queries.
 */

type Moderated = typeof parks | typeof rides;

/** The row itself is approved (for an attraction, say nothing of its park). */
function approved(table: Moderated): SQL {
  return eq(table.moderationStatus, "approved");
}

/**
 * An approved attraction, whatever its park's state: what a park's own
 * aggregates count (so that a park's figures are right the day it is
 * approved), and the attraction half of `publicRide` where a query
 * checks the park on its own (locking it first).
 */
export function approvedRide(): SQL {
  return approved(rides);
}

/** A park everyone sees: an approved one. Lists, search, rankings, the sitemap and top 10s show only these. */
export function publicPark(): SQL {
  return approved(parks);
}

/**
 * An attraction everyone sees: an approved ride of an approved park. The
 * query must join `parks` on the attraction's park.
 */
export function publicRide(): SQL {
  return and(approvedRide(), publicPark())!;
}

/**
 * A park or attraction row the viewer sees on its own page: public, or their
 * own contribution (pending or rejected, shown with a notice), or anything
 * for the administrator who moderates it. For an attraction, apply it to the
 * attraction and to its park.
 */
export function visibleTo(table: Moderated, user: CurrentUser | null): SQL {
  if (user?.isAdmin) return sql`true`;
  return user ? or(approved(table), eq(table.createdBy, user.id))! : approved(table);
}

/**
 * The row itself is not approved (pending or rejected): a member's own
 * contributions still awaiting the administrator, or refused, which home
 * lists for them and which go with their account.
 */
export function notApproved(table: Moderated): SQL {
  return ne(table.moderationStatus, "approved");
}
