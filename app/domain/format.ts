import type { Language } from "./languages";

const locales: Record<Language, string> = { fr: "fr-FR", en: "en-GB" };

/** The Intl locale of a language, for formats kept in modules of their own. */
export function intlLocale(language: Language): string {
  return locales[language];
}

// Building an Intl formatter costs about a hundred times what formatting with one does (decision 0056): each
// language and options' formatter is built once, then reused by every call of every page. The key starts with the
// language, so that no key is an Object.prototype name.
const formatters: Record<string, Intl.NumberFormat> = {};

/** `value` formatted by the language's number formatter for `options`, built on first use. */
export function formatWith(language: Language, options: Intl.NumberFormatOptions, value: number): string {
  return (formatters[language + JSON.stringify(options)] ||= new Intl.NumberFormat(locales[language], options)).format(value);
}

/** Duration (docs/rules/catalogue.md#ride-facts): seconds under a minute, otherwise minutes and seconds. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** Distance in kilometres from metres, one decimal. */
export function formatKilometres(metres: number, language: Language): string {
  return `${formatDecimal(metres / 1000, language, 1)} km`;
}

export function formatDecimal(value: number, language: Language, digits: number): string {
  return formatWith(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }, value);
}

/** Numbers as people read them: "1 620" in French, "1,620" in English; decimals kept only when present. */
export function formatNumber(value: number, language: Language): string {
  return formatWith(language, { maximumFractionDigits: 2 }, value);
}

export function formatPrice(euros: number, language: Language): string {
  return formatWith(language, { style: "currency", currency: "EUR" }, euros);
}

// Built once per language too: a review list formats a date per review, a member's own profile some forty.
const dateFormatters: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** A review's date, e.g. "12 juin 2026" / "12 June 2026". */
export function formatDate(iso: string, language: Language): string {
  return (dateFormatters[language] ??= new Intl.DateTimeFormat(locales[language], { day: "numeric", month: "long", year: "numeric" })).format(new Date(iso));
}

const calendarDateFormatters: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/**
 * A calendar day written YYYY-MM-DD (a ride log entry's), e.g. "14 juil. 2026" / "14 Jul 2026": read and shown in UTC,
 * so that it is the same day on the server and in every browser, whatever its time zone.
 */
export function formatCalendarDate(iso: string, language: Language): string {
  const formatter = (calendarDateFormatters[language] ??= new Intl.DateTimeFormat(locales[language], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
  return formatter.format(new Date(`${iso}T00:00:00Z`));
}

/** Time on rides (profile statistics): hours and minutes from seconds, e.g. "2 h 05 min", "45 min". */
export function formatHoursMinutes(totalSeconds: number): string {
  const totalMinutes = Math.floor(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours ? `${hours} h ${`${minutes}`.padStart(2, "0")} min` : `${minutes} min`;
}

/** Cumulated height (profile statistics): whole metres. */
export function formatMetres(metres: number, language: Language): string {
  return `${formatNumber(Math.round(metres), language)} m`;
}

/** A share (0–1) as a whole percentage: "67 %" in French, "67%" in English. */
export function formatPercent(share: number, language: Language): string {
  return formatWith(language, { style: "percent" }, share);
}
