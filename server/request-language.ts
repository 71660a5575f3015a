import type { Request } from "express";
import { LANGUAGE_COOKIE, resolveLanguage, type Language } from "../app/domain/languages";

/** The language of a request refused before React Router sees it: its address's prefix, the remembered choice, then the browser's. */
export function requestLanguageOf(request: Request): Language {
  return resolveLanguage({
    pathname: request.path,
    remembered: request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1],
    acceptLanguage: request.headers["accept-language"],
  });
}
