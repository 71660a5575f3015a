import { describe, expect, it } from "vitest";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** The text at a dotted key of a catalogue (keys from `keys`, so every step exists). */
const read = (messages: unknown, key: string) =>
  key.split(".").reduce((node, part) => (node as Record<string, unknown>)[part], messages) as string;

describe("translations", () => {
  it("have the same keys in French and English", () => {
    const french = keys(fr).sort();
    const english = keys(en).sort();
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });

  it("have no empty text", () => {
    const empty = (messages: unknown) =>
      keys(messages).filter((key) => read(messages, key).trim() === "");
    expect(empty(fr)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it("use the same interpolation variables in both languages", () => {
    const variables = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    for (const key of keys(fr)) {
      expect(variables(read(en, key)), key).toEqual(variables(read(fr, key)));
    }
  });

  it("quote the rules' French messages verbatim", () => {
    expect(fr.contact.nameRequired).toBe("Le nom est requis");
    expect(fr.contact.subjectRequired).toBe("Le sujet est requis");
    expect(fr.contact.messageRequired).toBe("Le message est requis");
    expect(fr.contact.emailInvalid).toBe("Adresse email invalide");
    expect(fr.contact.error).toBe("Une erreur est survenue. Veuillez réessayer ou utiliser votre client email directement.");
    expect(fr.park.notFound).toBe("Parc non trouvé");
    expect(fr.attraction.notFound).toBe("Attraction non trouvée");
    expect(fr.park.removedAttractions).toBe("Attractions disparues");
    expect(fr.home.featuredParks.loadError).toBe("Impossible de charger les parcs");
  });
});
