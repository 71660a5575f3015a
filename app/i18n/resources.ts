import type { Language } from "~/domain/languages";
import en from "./locales/en";
import fr, { type Messages } from "./locales/fr";

/** Both languages' messages. Server-side only in practice: the browser receives its language's messages from the root loader. */
export const resources: Record<Language, Messages> = { fr, en: en as Messages };

/**
 * What every page needs: the whole catalogue but the back office's screens, of
 * which only the menu and the section names stay (page titles, the header's
 * link). The admin layout's loader sends the rest (`adminMessages`), so that
 * visitors' pages do not carry the administrator's texts. The API reference's
 * and the offline page's texts stay on the server too: their loaders translate them.
 */
export type PublicMessages = Omit<Messages, "admin" | "apiReference" | "offlinePage"> & { admin: Pick<Messages["admin"], "menu" | "sections"> };

export function publicMessages(language: Language): PublicMessages {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out of every page's data (see above)
  const { admin, apiReference, offlinePage, ...rest } = resources[language];
  return { ...rest, admin: { menu: admin.menu, sections: admin.sections } };
}

export function adminMessages(language: Language): Messages["admin"] {
  return resources[language].admin;
}
