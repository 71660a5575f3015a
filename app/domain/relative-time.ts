import { intlLocale } from "./format";
import type { Language } from "./languages";

// Apart from format.ts on purpose: format.ts is in every page's shell chunk (decision 0013),
// and relative dates are the back office's only.

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

// Built once per language (app/domain/format.ts says why).
const relativeFormats: Partial<Record<Language, Intl.RelativeTimeFormat>> = {};

/**
 * A date relative to `now` (the back office's lists: "il y a 3 jours", "3 days
 * ago"), in the largest unit that fits. `now` comes from the loader, so that
 * the server's HTML and the browser's hydration print the same words.
 */
export function formatRelativeTime(iso: string, now: string, language: Language): string {
  const seconds = Math.round((Date.parse(iso) - Date.parse(now)) / 1000);
  const format = (relativeFormats[language] ??= new Intl.RelativeTimeFormat(intlLocale(language), { numeric: "auto" }));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "second");
}
