import type { Language } from "~/domain/languages";
import type { Messages } from "./locales/fr";
import type { MessageTree } from "./message-tree";
import { resources } from "./resources";
import type { PluralBase } from "./translate";

/** A namespace ("park") or a key or sub-tree within one ("account.headerLink", "rankings.tabs"). */
type ScopesOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : `${Prefix}${K}` | ScopesOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageScope = ScopesOf<Messages>;

/**
 * What never goes into a page's data, whatever a route declares: the e-mails'
 * subjects and bodies, written on the server for the mailer only (decision 0057).
 */
const SERVER_ONLY: readonly string[] = ["auth.mail"];

/**
 * The messages a page renders, for its loader's data (decision 0057): the root
 * sends the shell's, each route the namespaces of its own screen, and the
 * TranslationProvider merges those of the matched routes. A route that forgets
 * one shows the key and logs an error, which fails the e2e tests.
 */
export function routeMessages(language: Language, scopes: readonly MessageScope[]): MessageTree {
  const picked: MessageTree = {};
  for (const scope of scopes) copyScope(resources[language] as unknown as MessageTree, picked, scope.split("."), "");
  return picked;
}

function copyScope(from: MessageTree, to: MessageTree, path: readonly string[], at: string) {
  const [head, ...rest] = path as [string, ...string[]];
  const where = at ? `${at}.${head}` : head;
  if (SERVER_ONLY.includes(where)) return;
  // A key's plural forms go with it: "profile.ratingsCount" sends "ratingsCount_one" and "ratingsCount_other".
  const names = rest.length === 0 ? Object.keys(from).filter((name) => name === head || name.startsWith(`${head}_`)) : [head];
  for (const name of names) {
    const value = from[name];
    if (value === undefined) continue;
    if (typeof value === "string") to[name] = value;
    else {
      const child = typeof to[name] === "object" ? to[name] : (to[name] = {});
      if (rest.length > 0) copyScope(value, child, rest, where);
      else copyTree(value, child, where);
    }
  }
}

function copyTree(from: MessageTree, to: MessageTree, at: string) {
  for (const [name, value] of Object.entries(from)) {
    const where = `${at}.${name}`;
    if (SERVER_ONLY.includes(where)) continue;
    if (typeof value === "string") to[name] = value;
    else copyTree(value, typeof to[name] === "object" ? to[name] : (to[name] = {}), where);
  }
}
