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
 * A key that none of the page's routes sent (decision 0057) is shown as itself
 * and logged as an error, which the e2e tests' console watch turns into a failure.
 */
export function reportMissingMessage(key: string) {
  console.error(`Missing message ${key}`);
}

const NONE: MessageTree = {};

// Merges kept per pair of trees, so that the same loaders' data gives the same
// tree (and React the same `t`) at every render until a navigation brings new data.
const merges = new WeakMap<MessageTree, WeakMap<MessageTree, MessageTree>>();

function mergedWith(base: MessageTree, next: MessageTree): MessageTree {
  let withBase = merges.get(base);
  if (!withBase) merges.set(base, (withBase = new WeakMap()));
  let merged = withBase.get(next);
  if (!merged) withBase.set(next, (merged = merge(base, next)));
  return merged;
}

/**
 * Every message the matched routes sent, the root's first: what `t` reads on the page (React) and
 * in meta functions. A loader's data carries them as `messages` (routeMessages); a failed or
 * data-less route sends none.
 */
export function matchedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]): MessageTree {
  return matches.reduce((merged, match) => {
    const messages = (match?.loaderData as { messages?: MessageTree } | null | undefined)?.messages;
    return messages ? mergedWith(merged, messages) : merged;
  }, NONE);
}
