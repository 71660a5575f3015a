import { useContext, useSyncExternalStore } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { MEMBER_MESSAGES_KEY, MEMBER_PAYLOAD_KEY, type MemberPayload } from "~/domain/member-payload";
import type { MessageTree } from "~/i18n/message-tree";
import { InMemberSlot } from "./member-slot";

/**
 * A member's shared page (decision 0060) arrives as the visitors' page plus the member's own part. The page is
 * hydrated as the visitors' (the server snapshot below is "no part", so React finds the markup it rendered), then
 * renders again at once with the part. The part completes the data the page came with only: the first time the
 * page's own data (its deepest route's) is read again (a navigation, a write, a live update), it comes from a render
 * for the member and the part is left aside for good. The root's data alone read again — a filter of the park's
 * rides changes only the address, a refused form reloads the root only — leaves the page's data, and its part.
 *
 * A page with member slots (decision 0064) came with the member's own markup in its slots: there, the part is the
 * data from hydration on, so that React finds that markup.
 */
const noSubscription = () => () => {};
const readPayload = () => (window as unknown as Record<string, MemberPayload | undefined>)[MEMBER_PAYLOAD_KEY];
const noPayload = () => undefined;
/** During hydration, in a slot the server filled for the member. Never on the server, which has no window. */
const slotPayload = () => (typeof window === "undefined" || !readPayload()?.slots ? undefined : readPayload());
let completedPageData: unknown;
let completedRootData: unknown;

/** The data of the page's own route (the deepest match): what a part completes. */
function usePageData(): unknown {
  const matches = useMatches();
  return matches[matches.length - 1]?.data;
}

/** `payload` while it completes the data the page came with: until the page's data is read again. */
function whileCompleting(payload: MemberPayload | undefined, pageData: unknown): MemberPayload | undefined {
  if (!payload) return undefined;
  completedPageData ??= pageData;
  return completedPageData === pageData ? payload : undefined;
}

/** The part of a shared page, while it completes the data the page came with. */
export function useMemberPayload(): MemberPayload | undefined {
  const pageData = usePageData();
  const inSlot = useContext(InMemberSlot);
  return whileCompleting(useSyncExternalStore(noSubscription, readPayload, inSlot ? slotPayload : noPayload), pageData);
}

/**
 * The messages only a member's controls render (decision 0068), which the member's slots were drawn with: on a page
 * with slots, from hydration on, for the whole page's translator (the page's data, the visitors', lacks them). Their
 * script, which the page names before its own scripts, has run by then (decision 0069).
 */
export function useSlotPageMessages(): MessageTree | undefined {
  const pageData = usePageData();
  const payload = whileCompleting(useSyncExternalStore(noSubscription, slotPayload, slotPayload), pageData);
  return payload && (window as unknown as Record<string, MessageTree | undefined>)[MEMBER_MESSAGES_KEY];
}

/** The signed-in member: the root data's, or on a shared page the one its part names. */
export function useMemberOfSharedPage<User>(user: User | null): User | MemberPayload["user"] | null {
  const payload = useMemberPayload();
  const rootData = useRouteLoaderData("root");
  // (Never on the server, which has no part: nothing of a request is kept here.)
  if (!payload) return user;
  // Once the root's data is read again it names the member itself: a sign-out in another tab shows at the next
  // navigation, even one that leaves the page's data (and its part) as they were.
  completedRootData ??= rootData;
  return completedRootData === rootData ? payload.user : user;
}

/** A route's data with the member's own fields in place of the visitor's, on a shared page. */
export function useMemberView<Data extends object>(data: Data): Data {
  const payload = useMemberPayload();
  return payload ? { ...data, ...payload.part } : data;
}

/**
 * Whether this page came shared: its routes are drawn again once with the member's part (their state starts from it).
 * Not a page with slots: those were drawn with the part from the start, and a star chosen before the script ran
 * must stay chosen.
 */
export function useSharedPageKey(): string {
  return useSyncExternalStore(noSubscription, () => (readPayload() ? "member" : "page"), () => (slotPayload() ? "member" : "page"));
}
