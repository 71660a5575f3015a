import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "~/domain/languages";
import type { Messages } from "./locales/fr";

/**
 * One i18next instance per request on the server and per language in the
 * browser, built synchronously from the messages the root loader sends, so
 * the first render already has its texts and only one language is shipped.
 */
export function createI18n(language: Language, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });
  return instance;
}
