export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_STORAGE_KEY = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Splits "/en/contact" into { language: "en", rest: "/contact" }; rest always starts with "/". */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && isLanguage(match[1])) {
    return { language: match[1], rest: match[2] ?? "/" };
  }
  return { language: null, rest: pathname || "/" };
}

/** "/contact" in English is "/en/contact"; the home page is "/en/". */
export function localizedPath(language: Language, path: string): string {
  const rest = path.startsWith("/") ? path : `/${path}`;
  return `/${language}${rest}`;
}

/** Rewrites the current path for another language, keeping the rest of it. */
export function switchLanguagePath(pathname: string, language: Language): string {
  return localizedPath(language, splitLanguagePrefix(pathname).rest);
}

/** Best supported language of an Accept-Language header, by quality, or null. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split("-")[0], quality: quality ? Number(quality) : 1 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/**
 * The language of a request (docs/rules/site.md#languages): the path's first segment, then the
 * remembered choice, then the browser's languages, then French.
 */
export function resolveLanguage(input: {
  pathname: string;
  remembered?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    splitLanguagePrefix(input.pathname).language ??
    (isLanguage(input.remembered) ? input.remembered : null) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
