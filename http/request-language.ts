import type http from "node:http";
import { LANGUAGE_COOKIE, resolveLanguage, type Language } from "../app/domain/languages";

/** The language of a request refused before React Router sees it: its address's prefix, the remembered choice, then the browser's. */
export function requestLanguageOf(request: http.IncomingMessage): Language {
  return resolveLanguage({
    pathname: (request.url ?? "/").split("?", 1)[0]!,
    remembered: request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1],
    acceptLanguage: request.headers["accept-language"],
  });
}
