import type { Language } from "./languages";

export type Described = {
  description: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
};

/**
 * The description to show (docs/rules/catalogue.md#descriptions): the English text when the page is
 * English and one exists, otherwise the French text, otherwise the generic one.
 */
export function localizedDescription(language: Language, item: Described): string | null {
  const present = (text: string | null) => (text && text.trim() ? text : null);
  return (language === "en" ? present(item.descriptionEn) : null) ?? present(item.descriptionFr) ?? present(item.description);
}

/**
 * The three description columns written by a contribution (docs/rules/catalogue.md#descriptions):
 * the stored description is the French text, else the English one; when the
 * French text is missing, description_fr is filled from that description.
 */
export function storedDescriptions(french: string | null, english: string | null): Described {
  const description = french ?? english;
  return { description, descriptionFr: french ?? description, descriptionEn: english };
}
