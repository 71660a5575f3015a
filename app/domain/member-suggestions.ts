import type { ModerationStatus } from "./moderation";
import type { SuggestionField, SuggestionKind } from "./suggested-changes";

/** How many of their suggestions a member's profile lists (the newest); the count says how many there are in all. */
export const MEMBER_SUGGESTIONS_SHOWN = 20;

/** One of the member's edit suggestions, as listMemberSuggestions (app/server/suggestions/member-suggestions.ts) returns it. */
type MemberSuggestion = {
  kind: SuggestionKind;
  id: string;
  targetName: string;
  /** The target's page: "/{park}" or "/{park}/{ride}", to be localized. */
  targetPath: string;
  createdAt: string;
  status: ModerationStatus;
  /** The fields it changes, in the form's order. */
  fields: SuggestionField[];
  /** The administrator's reason, for a rejected suggestion (optional). */
  rejectionReason: string | null;
};

export type MemberSuggestionList = { suggestions: MemberSuggestion[]; total: number };
