import type { Language } from "~/domain/languages";
import type { MessageTree } from "~/i18n/message-tree";
import type { MessageScope } from "~/i18n/route-messages";
import { pickedOnce } from "./picked-messages";

/**
 * The park page's messages (decision 0068). Visitors get what they see: the park, the reviews, the login prompts.
 * A member's controls — the rating form, the vote and report buttons, the plan, the add-ride form, the suggestion
 * link, the ride cards' log — are members' only, and so are their texts: they come in `memberMessages`, in a member's render's data or
 * in their shared page's part.
 */
const VISITORS: readonly MessageScope[] = [
  "park",
  "attractionTypes",
  "ratings.reviews",
  "ratings.stars",
  "ratings.parkForm.loginPrompt",
  "ratings.errors.voteLoginRequired",
  "plans.title",
  "plans.loginPrompt",
  "contribute.attraction.loginPrompt",
  "contribute.pending",
  "suggestions.form.loginPrompt",
];
const MEMBERS: readonly MessageScope[] = [
  "ratings",
  "plans",
  "contribute",
  "images",
  "suggestions.form",
  "admin.attractions.errors.statusRequired",
  // The ride cards' 'J'ai fait cette attraction' (decision 0076), with the refusals a quick log or its undoing can get
  // (its date, count and id are the device's own, always valid).
  "rideLog.log",
  "rideLog.logRide",
  "rideLog.waiting",
  "rideLog.card",
  "rideLog.errors.unauthenticated",
  "rideLog.errors.rideNotFound",
  "rideLog.errors.entryNotFound",
  "rideLog.errors.tooMany",
  "rideLog.errors.save",
  "auth.errors.suspended",
  // "Pour vous dans ce parc" (decision 0078).
  "forYou.parkTitle",
  "forYou.lovedBy",
  "forYou.wellRanked",
];

export function parkVisitorsMessages(language: Language): MessageTree {
  return pickedOnce(language, VISITORS, "park visitors");
}

export function parkMembersMessages(language: Language): MessageTree {
  return pickedOnce(language, MEMBERS, "park members");
}
