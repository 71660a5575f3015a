import type { MessageKey } from "~/i18n/translate";
/** A member's favourite parks and attractions: an ordered list of at most 10 each (docs/rules/profiles.md#top-10-lists). */
export const TOP_LIST_SIZE = 10;

export const TOP_LIST_KINDS = ["park", "attraction"] as const;
export type TopListKind = (typeof TOP_LIST_KINDS)[number];

export function isTopListKind(value: unknown): value is TopListKind {
  return typeof value === "string" && (TOP_LIST_KINDS as readonly string[]).includes(value);
}

/** What the editor posts to /profile/top-lists (`intent` field). */
export const TOP_LIST_INTENTS = ["add", "remove", "reorder"] as const;
export type TopListIntent = (typeof TOP_LIST_INTENTS)[number];

export function isTopListIntent(value: unknown): value is TopListIntent {
  return typeof value === "string" && (TOP_LIST_INTENTS as readonly string[]).includes(value);
}

/** One listed park or attraction, with what a link and a card need (no further query). */
export type TopListItem = {
  id: string;
  name: string;
  slug: string;
  /** The attraction's park; null for a park. */
  parkSlug: string | null;
  parkName: string | null;
  imageUrl: string | null;
  averageRating: number | null;
  ratingCount: number;
};

export type TopLists = Record<TopListKind, TopListItem[]>;

/** The item's page, without the language prefix: "/{park}" or "/{park}/{attraction}". */
export function topListItemPath(item: Pick<TopListItem, "slug" | "parkSlug">): string {
  return item.parkSlug ? `/${item.parkSlug}/${item.slug}` : `/${item.slug}`;
}

/**
 * The list with the item at `from` moved to `to` (both clamped to the list),
 * the others keeping their order. A new array; the input is left as it was.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list];
  if (from < 0 || from >= list.length) return moved;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item as T);
  return moved;
}

/** True when `ids` holds exactly the ids of `current`, each once, in any order. */
export function isSameSet(current: readonly string[], ids: readonly string[]): boolean {
  if (current.length !== ids.length) return false;
  const wanted = new Set(ids);
  return wanted.size === ids.length && current.every((id) => wanted.has(id));
}

/** The field the editor's fetcher adds to its posts: present, the action answers JSON; absent (no JavaScript), it redirects. */
export const TOP_LIST_ENHANCED_FIELD = "enhanced";

/** What the editor's fetcher gets back: the page's loader, revalidated after it, holds the list itself. */
export type TopListActionResult = { ok: true } | { ok: false; error: MessageKey };
