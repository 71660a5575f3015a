import { LANGUAGE_COOKIE, resolveLanguage, type Language } from "~/domain/languages";

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** The language of a request: path, then remembered cookie, then Accept-Language, then French. */
export function requestLanguage(request: Request): Language {
  return resolveLanguage({
    pathname: new URL(request.url).pathname,
    remembered: readCookie(request, LANGUAGE_COOKIE),
    acceptLanguage: request.headers.get("accept-language"),
  });
}
