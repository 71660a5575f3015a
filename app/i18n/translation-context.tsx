import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "~/domain/languages";
import type { PublicMessages } from "./resources";
import { createTranslator, type TFunction } from "./translate";

const TranslationContext = createContext<TFunction | null>(null);

/** Gives the tree below it the page language's `t`, built once per language from the root loader's messages. */
export function TranslationProvider({ language, messages, children }: { language: Language; messages: PublicMessages; children: ReactNode }) {
  const t = useMemo(() => createTranslator(language, messages), [language, messages]);
  return <TranslationContext.Provider value={t}>{children}</TranslationContext.Provider>;
}

/** The page language's `t`, as components read it: `const { t } = useTranslation()`. */
export function useTranslation(): { t: TFunction } {
  const t = useContext(TranslationContext);
  if (!t) throw new Error("useTranslation is used outside a TranslationProvider");
  return { t };
}
