import type { Language } from "~/domain/languages";
import en from "./locales/en";
import fr, { type Messages } from "./locales/fr";

/** Both languages' messages. Server-side only in practice: the browser receives its language's messages from the root loader. */
export const resources: Record<Language, Messages> = { fr, en: en as Messages };
