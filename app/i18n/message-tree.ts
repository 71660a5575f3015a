/** Some of a language's messages, as a page receives them: namespaces, and within them keys or whole sub-trees. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * Two loaders' messages as one tree (decision 0057): a sub-tree sent by both (the root's
 * `account.headerLink`, the account page's whole `account`) is merged, not replaced.
 */
function merge(base: MessageTree, next: MessageTree): MessageTree {
  const merged = { ...base };
  for (const key in next) {
    const present = merged[key];
    const value = next[key]!;
    merged[key] = typeof value === "object" && typeof present === "object" ? merge(present, value) : value;
  }
  return merged;
}

/**
 * Every message the matched routes sent, the root's first: what `t` reads on the page (React) and
 * in meta functions. A loader's data carries them as `messages` (routeMessages); a failed or
 * data-less route sends none.
 */
export function matchedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]): MessageTree {
  return matches.reduce<MessageTree>((merged, match) => {
    const messages = (match?.loaderData as { messages?: MessageTree } | null | undefined)?.messages;
    return messages ? merge(merged, messages) : merged;
  }, {});
}
