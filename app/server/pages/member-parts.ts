import type { CurrentUser } from "~/domain/current-user";
import { readMemberReviewCursor, readMemberReviewSort } from "~/domain/member-reviews";
import { listPendingContributions } from "../contributions/pending-contributions";
import type { Executor } from "../db/database";
import { listMemberReviews } from "../profiles/member-reviews";

/**
 * What of a shared page is one member's own (decision 0060). A member's GET of a page visitors see is answered with
 * the page kept for visitors plus this part, read per request: the fields of the page's loader data that differ for
 * them, which the page takes in place of the visitor's once it runs (app/components/member-view.ts). The header's
 * member is the root's `user`, sent with every part.
 *
 * Every page not named here is rendered in full for the member, as is a page whose reader says RENDER_IN_FULL. The
 * park and ride pages are among them: their review forms and vote buttons are rendered by the server so that they work
 * before the page's scripts have arrived and without them, which a shared page would show as sign-in prompts until
 * then; their own contributions awaiting moderation are there too, which a visitor's page leaves out.
 */
export const RENDER_IN_FULL = Symbol("render in full");

export type MemberPart = Record<string, unknown>;
type MemberPartArgs = { db: Executor; user: CurrentUser; params: Record<string, string | undefined>; url: URL };
type MemberPartReader = (args: MemberPartArgs) => Promise<MemberPart | typeof RENDER_IN_FULL>;

/** Pages with nothing of the member's own but the header. */
const NOTHING_OF_THEIRS: MemberPartReader = async () => ({});

/** Another member's public profile (their own, /profile without an id, has their tools and is rendered in full). */
async function profilePart({ db, user, params, url }: MemberPartArgs) {
  if (!params.userId) return RENDER_IN_FULL;
  const search = url.searchParams;
  return { reviews: await listMemberReviews(db, params.userId, user, readMemberReviewSort(search.get("sort")), readMemberReviewCursor(search)) };
}

/** By route name (the route id after its language prefix, app/routes.ts). */
const MEMBER_PARTS: Record<string, MemberPartReader> = {
  home: async ({ db, user }) => ({ pending: await listPendingContributions(db, user.id) }),
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
