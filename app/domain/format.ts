import type { Language } from "./languages";

const locales: Record<Language, string> = { fr: "fr-FR", en: "en-GB" };

/** The Intl locale of a language, for formats kept in modules of their own. */
export function intlLocale(language: Language): string {
  return locales[language];
}

/** Duration (docs/rules/catalogue.md#ride-facts): seconds under a minute, otherwise minutes and seconds. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Distance in kilometres from metres, one decimal. */
export function formatKilometres(metres: number, language: Language): string {
  return `${formatDecimal(metres / 1000, language, 1)} km`;
}

export function formatDecimal(value: number, language: Language, digits: number): string {
  return new Intl.NumberFormat(locales[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Numbers as people read them: "1 620" in French, "1,620" in English; decimals kept only when present. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { maximumFractionDigits: 2 }).format(value);
}

export function formatPrice(euros: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { style: "currency", currency: "EUR" }).format(euros);
}

/** A review's date, e.g. "12 juin 2026" / "12 June 2026". */
export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));
}

/** Time on rides (profile statistics): hours and minutes from seconds, e.g. "2 h 05 min", "45 min". */
export function formatHoursMinutes(totalSeconds: number): string {
  const totalMinutes = Math.floor(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return `${hours} h ${String(minutes).padStart(2, "0")} min`;
}

/** Cumulated height (profile statistics): whole metres. */
export function formatMetres(metres: number, language: Language): string {
  return `${formatNumber(Math.round(metres), language)} m`;
}

/** A share (0–1) as a whole percentage: "67 %" in French, "67%" in English. */
export function formatPercent(share: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { style: "percent", maximumFractionDigits: 0 }).format(share);
}
