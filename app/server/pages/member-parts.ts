import type { CurrentUser } from "~/domain/current-user";
import { readMemberReviewCursor, readMemberReviewSort } from "~/domain/member-reviews";
import { listPendingContributions } from "../contributions/pending-contributions";
import type { Executor } from "../db/database";
import { listMemberReviews } from "../profiles/member-reviews";
import { hasOwnUnpublishedRides } from "../catalog/park-queries";
import { listMemberPlans } from "../plans/member-plans";
import { listMemberSuggestions } from "../suggestions/member-suggestions";
import { parkReviewsFor, rideReviewsFor } from "../reviews/viewer-reviews";
import { readOwnRideLog } from "../ride-log/own-ride-log";
import { readProfileRideLog } from "../ride-log/profile-ride-log";
import { readForYou, readRideSuggestions } from "../tastes/member-tastes";
import { PARK_SUGGESTIONS } from "~/domain/member-tastes";
import type { Language } from "~/domain/languages";
import type { ShownReviews } from "~/domain/review-paging";
import type { MessageTree } from "~/i18n/message-tree";
import { parkMembersMessages } from "./park-messages";
import { profileOwnerMessages } from "./profile-messages";
import { rideMembersMessages } from "./ride-messages";

/**
 * What of a shared page is one member's own (decision 0060). A member's GET of a page visitors see is answered with
 * the page kept for visitors plus this part, read per request: the fields of the page's loader data that differ for
 * them, which the page takes in place of the visitor's once it runs (app/components/member-view.ts). The header's
 * member is the root's `user`, sent with every part.
 *
 * Every page not named here or in SLOT_PAGES is rendered in full for the member, as is a page whose reader says
 * RENDER_IN_FULL.
 */
export const RENDER_IN_FULL = Symbol("render in full");

export type MemberPart = Record<string, unknown>;
type MemberPartArgs = { db: Executor; user: CurrentUser; params: Record<string, string | undefined>; url: URL };
type MemberPartReader = (args: MemberPartArgs) => Promise<MemberPart | typeof RENDER_IN_FULL>;

/** Pages with nothing of the member's own but the header. */
const NOTHING_OF_THEIRS: MemberPartReader = async () => ({});

/** Another member's public profile (their own, /profile without an id, is drawn in the public one's slots: ownPageOf). */
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

type SlotPartArgs = MemberPartArgs & { visitorsData: Record<string, unknown> };
export type SlotPartReader = (args: SlotPartArgs) => Promise<MemberPart | typeof RENDER_IN_FULL>;

/**
 * Pages whose member's own content is markup the server draws for them in the page's member slots (decision 0064):
 * their review form and vote buttons work before the page's scripts have arrived, and without them. By route name,
 * the fields of the route's data that are the member's, read from the visitors' data of the page (its ids): the
 * slots are drawn from the visitors' data with these fields in place, and the page's part carries them.
 */
const SLOT_PAGES: Record<string, SlotPartReader> = {
  // Their own rating, the reviews as they see them, and "Pour vous dans ce parc" (decision 0078). A member with rides of their own awaiting moderation in the
  // park gets the page rendered in full: its lists hold them, the shared page's do not.
  park: async ({ db, user, url, visitorsData }) => {
    const parkId = (visitorsData.park as { id: string }).id;
    const [own, unpublished, forYou] = await Promise.all([
      parkReviewsFor(db, parkId, user, url),
      hasOwnUnpublishedRides(db, parkId, user.id),
      readRideSuggestions(db, user.id, parkId, PARK_SUGGESTIONS),
    ]);
    return unpublished ? RENDER_IN_FULL : { ...ownReviewOnce(own), forYou };
  },
  // Their own rating, the reviews with their own first, their votes and reports, and their log of the ride.
  attraction: async ({ db, user, url, visitorsData }) => {
    const rideId = (visitorsData.attraction as { id: string }).id;
    const [reviews, rideLog] = await Promise.all([rideReviewsFor(db, rideId, user, url), readOwnRideLog(db, user.id, rideId)]);
    return { ...ownReviewOnce(reviews), rideLog };
  },
};

/**
 * The member's reviews as their part carries them: their own review once. On the first page it is the list's first
 * (shownReviews), and the page finds it there (ownReviewOf, decision 0080).
 */
function ownReviewOnce<Review>({ reviews, own }: { reviews: ShownReviews<Review>; own: Review | null }) {
  return { reviews, own: own !== null && reviews.reviews[0] === own ? null : own };
}

/** The member's own fields of a page with slots, or null for a route without slots. */
export function slotPartReader(routeName: string): SlotPartReader | null {
  return SLOT_PAGES[routeName] ?? null;
}

/**
 * The messages only members' controls render on a page with slots (decision 0068), by route name: the same for every
 * member, absent from the visitors' data the page is hydrated from. A member's shared page loads them as an immutable
 * script of their own (decision 0069, http/member-messages-assets.ts), not in its part.
 */
const SLOT_PAGE_MEMBER_MESSAGES: Record<string, (language: Language) => MessageTree> = {
  park: parkMembersMessages,
  attraction: rideMembersMessages,
  // Drawn in the public profile's slots, the member's own profile's tools (decisions 0067, 0080).
  profile: profileOwnerMessages,
};

/** The routes whose members' controls have messages of their own. */
export const ROUTES_WITH_MEMBER_MESSAGES: readonly string[] = Object.keys(SLOT_PAGE_MEMBER_MESSAGES);

/** The members' messages of a page with slots in `language`; undefined when it has none. */
export function slotPageMemberMessages(routeName: string, language: Language | null): MessageTree | undefined {
  const messages = SLOT_PAGE_MEMBER_MESSAGES[routeName];
  return language && messages ? messages(language) : undefined;
}

/**
 * A member's own page whose visitors' page is at another address (decision 0067): their own profile (/profile) is
 * the page visitors get at their public profile (/profile/<their id>, the kept one), with their tools drawn in its
 * member slots. `visitorsPath` is that address without its language prefix; `readPart` their own fields, as on the
 * pages of SLOT_PAGES.
 */
export type OwnPage = { visitorsPath: (user: CurrentUser) => string; readPart: SlotPartReader };

/**
 * Their own profile: what it shows that the public one does not — their plans, their suggestions (bounded by the
 * page, decision 0063), "Pour vous" and their members of close taste (decision 0078), their ride log's credits
 * however private; and their reviews as they see them (those hidden by auto-moderation, marked, and those of their own
 * parks and rides awaiting moderation) when these differ from the public page's: most of the time they are the same
 * page of reviews, and the part leaves them to the visitors' data (decision 0080). The rest (statistics, rankings,
 * top lists) is the public profile's.
 */
const OWN_PROFILE: OwnPage = {
  visitorsPath: (user) => `/profile/${user.id}`,
  readPart: async ({ db, user, url, visitorsData }) => {
    const search = url.searchParams;
    const [reviews, suggestions, plans, rideLog, forYou] = await Promise.all([
      listMemberReviews(db, user.id, user, readMemberReviewSort(search.get("sort")), readMemberReviewCursor(search)),
      listMemberSuggestions(db, user.id),
      listMemberPlans(db, user.id),
      readProfileRideLog(db, user.id, true),
      readForYou(db, user.id),
    ]);
    const ownReviews = JSON.stringify(reviews) === JSON.stringify(visitorsData.reviews) ? {} : { reviews };
    return { isOwn: true, ...ownReviews, suggestions, plans, rideLog, forYou };
  },
};

/** The member's own page a route shows at an address (its params), or null: /profile without an id is theirs. */
export function ownPageOf(routeName: string, params: Record<string, string | undefined>): OwnPage | null {
  return routeName === "profile" && !params.userId ? OWN_PROFILE : null;
}
