import type { Language } from "~/domain/languages";
import en from "./locales/en";
import fr, { type Messages } from "./locales/fr";

/**
 * Both languages' messages, on the server: the browser receives only what its
 * page's loaders pick from them (`routeMessages`, decision 0057).
 */
export const resources: Record<Language, Messages> = { fr, en: en as Messages };
