import { and, eq, ne, sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { readMemberReviewCursor, readMemberReviewSort } from "~/domain/member-reviews";
import { listPendingContributions } from "../contributions/pending-contributions";
import type { Executor } from "../db/database";
import { parks, rides } from "../db/schema";
import { findVisibleRide } from "../catalog/park-queries";
import { listMemberReviews } from "../profiles/member-reviews";
import { parkReviewsFor, rideReviewsFor } from "../reviews/viewer-reviews";

/**
 * What of a shared page is one member's own (decision 0060). A member's GET of a page visitors see is answered with
 * the page kept for visitors plus this part, read per request: the fields of the page's loader data that differ for
 * them, which the page takes in place of the visitor's once it runs (app/components/member-view.ts). The header's
 * member is the root's `user`, sent with every part.
 *
 * A page that would show this member more than their part (their own contribution awaiting moderation, which a
 * visitor's page leaves out or answers with a 404) is rendered in full for them, as is every page not named here.
 */
export const RENDER_IN_FULL = Symbol("render in full");

export type MemberPart = Record<string, unknown>;
type MemberPartArgs = { db: Executor; user: CurrentUser; params: Record<string, string | undefined>; url: URL };
type MemberPartReader = (args: MemberPartArgs) => Promise<MemberPart | typeof RENDER_IN_FULL>;

/** Pages with nothing of the member's own but the header. */
const NOTHING_OF_THEIRS: MemberPartReader = async () => ({});

/** The park as this member sees it: the visitor's park, unless something in it is theirs and not approved. */
async function parkPart({ db, user, params, url }: MemberPartArgs) {
  const [park] = await db
    .select({
      id: parks.id,
      approved: sql<boolean>`${parks.moderationStatus} = 'approved'`,
      ownUnapprovedRide: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(rides)
        .where(and(eq(rides.parkId, parks.id), eq(rides.createdBy, user.id), ne(rides.moderationStatus, "approved")))})`,
    })
    .from(parks)
    .where(eq(parks.slug, params.parkSlug ?? ""))
    .limit(1);
  if (!park?.approved || park.ownUnapprovedRide) return RENDER_IN_FULL;
  return parkReviewsFor(db, park.id, user, url);
}

async function ridePart({ db, user, params, url }: MemberPartArgs) {
  const found = await findVisibleRide(db, params.parkSlug ?? "", params.rideSlug ?? "", user);
  if (found?.attraction.moderationStatus !== "approved" || found.park.moderationStatus !== "approved") return RENDER_IN_FULL;
  return rideReviewsFor(db, found.attraction.id, user, url);
}

/** Another member's public profile (their own, /profile without an id, has their tools and is rendered in full). */
async function profilePart({ db, user, params, url }: MemberPartArgs) {
  if (!params.userId) return RENDER_IN_FULL;
  const search = url.searchParams;
  return { reviews: await listMemberReviews(db, params.userId, user, readMemberReviewSort(search.get("sort")), readMemberReviewCursor(search)) };
}

/** By route name (the route id after its language prefix, app/routes.ts). */
const MEMBER_PARTS: Record<string, MemberPartReader> = {
  home: async ({ db, user }) => ({ pending: await listPendingContributions(db, user.id) }),
  park: parkPart,
  attraction: ridePart,
  profile: profilePart,
  rankings: NOTHING_OF_THEIRS,
  map: NOTHING_OF_THEIRS,
  manufacturer: NOTHING_OF_THEIRS,
  terms: NOTHING_OF_THEIRS,
  "api-docs": NOTHING_OF_THEIRS,
};

/** The member's part of the page a route renders, RENDER_IN_FULL when they must get the whole page rendered for them, or null for a route not shared. */
export function memberPartReader(routeName: string): MemberPartReader | null {
  return MEMBER_PARTS[routeName] ?? null;
}
