import { createTranslator, type TFunction } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { requestLanguage } from "./language";

/** Translations in the request's language, for messages produced by loaders and actions. */
export function requestT(request: Request): TFunction {
  const language = requestLanguage(request);
  return createTranslator(language, resources[language]);
}
