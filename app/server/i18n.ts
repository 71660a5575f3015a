import type { TFunction } from "i18next";
import { createI18n } from "~/i18n/i18n";
import { resources } from "~/i18n/resources";
import { requestLanguage } from "./language";

/** Translations in the request's language, for messages produced by loaders and actions. */
export function requestT(request: Request): TFunction {
  const language = requestLanguage(request);
  return createI18n(language, resources[language]).t;
}
