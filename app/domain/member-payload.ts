import type { CurrentUser } from "./current-user";

/**
 * Where a member's shared page carries their own part (decision 0060): written into the page by
 * http/member-pages.ts, read by the page as it runs (app/components/member-view.ts).
 */
export const MEMBER_PAYLOAD_KEY = "__parcoursMember";
export const MEMBER_PAYLOAD_GLOBAL = `window.${MEMBER_PAYLOAD_KEY}`;

/**
 * The root's signed-in member, and the fields of the page's own data that are theirs; `slots` when the server put
 * their own markup in the page's member slots (decision 0064).
 */
export type MemberPayload = { user: CurrentUser; part: Record<string, unknown>; slots?: true };

/** The class the part's script gives the page's root element at once, so that the page is drawn as a member's before its script runs (app/app.css). */
export const MEMBER_PAGE_CLASS = "member";

/** Where a member's shared page finds the texts of its members' controls, set by a script of their own (decision 0069). */
export const MEMBER_MESSAGES_KEY = "__parcoursMemberMessages";
