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
 * in meta functions. A loader's data carries them as `messages` (routeMessages), and a member's also
 * as `memberMessages`; a failed or data-less route sends none.
 */
export function matchedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]): MessageTree {
  return matches.reduce<MessageTree>((merged, match) => {
    const data = match?.loaderData as { messages?: MessageTree; memberMessages?: MessageTree } | null | undefined;
    // `memberMessages`: those only a member's controls render, sent to members only (decision 0068).
    return [data?.messages, data?.memberMessages].reduce<MessageTree>((tree, messages) => (messages ? merge(tree, messages) : tree), merged);
  }, {});
}
