import type { Language } from "~/domain/languages";
import type { MessageTree } from "~/i18n/message-tree";
import { routeMessages, type MessageScope } from "~/i18n/route-messages";

// The catalogue does not change while the server runs: each tree is picked once per language, not per request (a
// member's park page reads the members' one on every request). Nothing writes into them: merges copy
// (app/i18n/message-tree.ts).
const picked = new Map<string, MessageTree>();

/** The messages of `scopes` in `language`, picked the first time under `name` and kept. */
export function pickedOnce(language: Language, scopes: readonly MessageScope[], name: string): MessageTree {
  const key = `${name} ${language}`;
  if (!picked.has(key)) picked.set(key, routeMessages(language, scopes));
  return picked.get(key)!;
}
