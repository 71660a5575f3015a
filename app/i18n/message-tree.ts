/** Some of a language's messages, as a page receives them: namespaces, and within them keys or whole sub-trees. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The messages of several loaders as one tree: the root's shell texts, then each
 * matched route's (decision 0057). A sub-tree sent by two routes (the root's
 * `account.headerLink`, the account page's whole `account`) is merged, not replaced.
 */
function mergeMessages(trees: readonly MessageTree[]): MessageTree {
  const merged: MessageTree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const present = merged[key];
      merged[key] = typeof value === "object" && typeof present === "object" ? mergeMessages([present, value]) : value;
    }
  }
  return merged;
}

/**
 * A key that none of the page's routes sent (decision 0057) is shown as itself
 * and logged as an error, which the e2e tests' console watch turns into a failure.
 */
export function reportMissingMessage(key: string) {
  console.error(`Missing message "${key}": no loader of this page sent it (routeMessages)`);
}

/** A loader's data that carries messages (the root's and each page's: `routeMessages`). */
function messagesOf(data: unknown): MessageTree | null {
  if (typeof data !== "object" || data === null || !("messages" in data)) return null;
  const { messages } = data as { messages: unknown };
  return typeof messages === "object" && messages !== null ? (messages as MessageTree) : null;
}

const NONE: MessageTree = {};

// Merges kept per pair of trees, so that the same loaders' data gives the same
// tree (and React the same `t`) at every render until a navigation brings new data.
const merges = new WeakMap<MessageTree, WeakMap<MessageTree, MessageTree>>();

function mergedWith(base: MessageTree, next: MessageTree): MessageTree {
  let withBase = merges.get(base);
  if (!withBase) merges.set(base, (withBase = new WeakMap()));
  let merged = withBase.get(next);
  if (!merged) withBase.set(next, (merged = mergeMessages([base, next])));
  return merged;
}

/** Every message the matched routes sent, merged: what `t` reads on the page (React) and in meta functions. */
export function matchedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]): MessageTree {
  return matches.reduce((merged, match) => {
    const messages = messagesOf(match?.loaderData);
    return messages ? mergedWith(merged, messages) : merged;
  }, NONE);
}
