import { intlLocale } from "./format";
import type { Language } from "./languages";

// Apart from format.ts, which every page loads: only the ride log's pages write days.
const dayFormatters: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** A calendar day written YYYY-MM-DD (a ride log's date), e.g. "14 juillet 2026": the same day wherever the reader is. */
export function formatDay(isoDay: string, language: Language): string {
  return (dayFormatters[language] ??= new Intl.DateTimeFormat(intlLocale(language), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

