import type { Language } from "~/domain/languages";
import type { MessageTree } from "~/i18n/message-tree";
import type { MessageScope } from "~/i18n/route-messages";
import { pickedOnce } from "./picked-messages";

/**
 * The profile's messages (decision 0068, extended to the profile by decision 0080). Everyone gets what a public
 * profile shows: the statistics, the charts, the badges, the duel rankings, the top 10s as lists, the reviews. The
 * member's own tools — the top 10s' editor, 'Mes plans de visite', 'Mes suggestions' (with the contribution form's
 * field names), "Pour vous", the settings link — are on their own profile only, and so are their texts: they come in
 * `memberMessages`, in their own profile's data or, on the shared page, in the script their part names.
 */
const VISITORS: readonly MessageScope[] = [
  "profile",
  "topLists.title",
  "topLists.empty",
  "duels.columns",
  "rideLog.profile.title",
  "rideLog.profile.credits",
  "rideLog.profile.rulesAll",
  "rideLog.profile.rulesCoasters",
  "rideLog.profile.rulesRemovedCounted",
  "rideLog.profile.rulesRemovedLeft",
  "rideLog.profile.empty",
  "rideLog.profile.byType",
  "rideLog.profile.open",
  "charts",
  "attractionTypes",
  "park.location",
  // The author of a review hidden by auto-moderation sees it, marked, on their public profile too.
  "ratings.reviews.hiddenNotice",
];
const OWNER: readonly MessageScope[] = [
  "topLists",
  "suggestions.mine",
  // 'Mes suggestions' names each changed field by its input's label (app/domain/suggestion-labels.ts): the
  // contribution form's, and the catalogue's declarations they come from (their errors included).
  "contribute",
  "suggestions.form.status",
  "admin.suggestions.field",
  "admin.attractions.errors.statusRequired",
  "plans.defaultName",
  "plans.profile",
  "rideLog.profile.titleOwn",
  "rideLog.profile.openOwn",
  "forYou",
  // A suspended member's top-10 change is refused with it.
  "auth.errors.suspended",
];

export function profileVisitorsMessages(language: Language): MessageTree {
  return pickedOnce(language, VISITORS, "profile visitors");
}

export function profileOwnerMessages(language: Language): MessageTree {
  return pickedOnce(language, OWNER, "profile owner");
}
