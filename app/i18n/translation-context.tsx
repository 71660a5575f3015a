import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import type { Language } from "~/domain/languages";
import { matchedMessages, type MessageTree } from "./message-tree";
import { createTranslator, type TFunction } from "./translate";

const TranslationContext = createContext<TFunction | null>(null);

/** Gives the tree below it the page language's `t`, built from the given messages. */
export function TranslationProvider({ language, messages, children }: { language: Language; messages: MessageTree; children: ReactNode }) {
  const t = useMemo(() => createTranslator(language, messages), [language, messages]);
  return <TranslationContext.Provider value={t}>{children}</TranslationContext.Provider>;
}

/**
 * The messages of every matched route merged: the root's shell texts and the page's own; and `memberMessages`, those
 * a member's slots were drawn with when the page came with them (decision 0068).
 */
export function useMatchedMessages(memberMessages?: MessageTree): MessageTree {
  const matches = useMatches();
  // The same matches until a navigation or a revalidation brings new data: the merge (and `t`) is kept until then.
  return useMemo(() => matchedMessages([...matches, { loaderData: { memberMessages } }]), [matches, memberMessages]);
}

/** The page language's `t`, as components read it: `const { t } = useTranslation()`. */
export function useTranslation(): { t: TFunction } {
  const t = useContext(TranslationContext);
  if (!t) throw new Error("useTranslation is used outside a TranslationProvider");
  return { t };
}
