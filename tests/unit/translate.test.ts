import { describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n/translate";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";

describe("the translator (decision 0011)", () => {
  const tFr = createTranslator("fr", fr);
  const tEn = createTranslator("en", en);

  it("looks a dotted key up in the language's messages", () => {
    expect(tFr("profile.ratingStats.title")).toBe("Statistiques de notation");
    expect(tEn("profile.ratingStats.title")).toBe("Rating statistics");
  });

  it("fills {{placeholders}} from the values, every occurrence, numbers included", () => {
    expect(tFr("profile.title", { username: "Marie_Coaster" })).toBe("Profil de Marie_Coaster");
    expect(tEn("home.topDuels.record", { wins: 12, losses: 3, percent: 80 })).toBe("12 W · 3 L · 80%");
  });

  it("leaves a placeholder whose value is missing as it is", () => {
    expect(tFr("profile.title", {})).toBe("Profil de {{username}}");
    expect(tFr("profile.title", { username: undefined })).toBe("Profil de {{username}}");
  });

  it("picks the plural form of the language from count", () => {
    expect(tFr("profile.influence.parksRated", { count: 0 })).toBe("0 parc noté"); // French: 0 and 1 are singular.
    expect(tFr("profile.influence.parksRated", { count: 1 })).toBe("1 parc noté");
    expect(tFr("profile.influence.parksRated", { count: 2 })).toBe("2 parcs notés");
    expect(tEn("profile.influence.parksRated", { count: 0 })).toBe("0 parks rated");
    expect(tEn("profile.influence.parksRated", { count: 1 })).toBe("1 park rated");
    expect(tEn("profile.influence.next", { count: 15, name: "Expert" })).toBe("15 more parks to rate to become Expert");
  });

  it("reports a key missing from the messages it was given, once per use, and only those (decision 0057)", () => {
    const missing: string[] = [];
    const t = createTranslator("en", { map: en.map, profile: { influence: en.profile.influence } }, (key) => missing.push(key));
    expect(t("map.title")).toBe(en.map.title);
    expect(t("profile.influence.parksRated", { count: 2 })).toBe("2 parks rated");
    expect(missing).toEqual([]);
    expect(t("terms.title")).toBe("terms.title");
    expect(t("profile.title", { username: "Marie" })).toBe("profile.title");
    expect(missing).toEqual(["terms.title", "profile.title"]);
  });

  it("answers an unknown key with the key itself, as i18next did", () => {
    expect(tFr("profile.nothing.here" as "profile.title")).toBe("profile.nothing.here");
    expect(tFr("profile" as "profile.title")).toBe("profile");
  });
});
