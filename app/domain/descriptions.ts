import type { Language } from "./languages";

export type Described = {
  description: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
};

/**
 * The description to show (public site §2): the English text when the page is
 * English and one exists, otherwise the French text, otherwise the generic one.
 */
export function localizedDescription(language: Language, item: Described): string | null {
  const present = (text: string | null) => (text && text.trim() ? text : null);
  return (language === "en" ? present(item.descriptionEn) : null) ?? present(item.descriptionFr) ?? present(item.description);
}
