import { describe, expect, it } from "vitest";
import { localizedDescription } from "~/domain/descriptions";
import { formatDate, formatDecimal, formatDuration, formatKilometres, formatPrice } from "~/domain/format";
import { influenceLevel } from "~/domain/influence";

describe("formats (docs/rules/catalogue.md#ride-facts)", () => {
  it("shows durations under a minute in seconds, otherwise minutes and seconds", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(150)).toBe("2 min 30 s");
  });
  it("shows distances in kilometres with one decimal", () => {
    expect(formatKilometres(1620, "en")).toBe("1.6 km");
    expect(formatKilometres(1620, "fr")).toBe("1,6 km");
  });
});

describe("formatters reused (decision 0056)", () => {
  it("keeps each language's format once the formatters are built: French, then English, then French", () => {
    const formats = () => [formatPrice(1620.5, "fr"), formatDecimal(3.14159, "fr", 2), formatDate("2026-06-12T10:00:00Z", "fr")];
    const french = formats();
    expect(french).toEqual(["1\u202f620,50\u00a0€", "3,14", "12 juin 2026"]);
    expect([formatPrice(1620.5, "en"), formatDecimal(3.14159, "en", 2), formatDate("2026-06-12T10:00:00Z", "en")]).toEqual(["€1,620.50", "3.14", "12 June 2026"]);
    expect(formats()).toEqual(french);
  });
});

describe("description language fallback (docs/rules/catalogue.md#descriptions)", () => {
  const item = { description: "générique", descriptionFr: "français", descriptionEn: "english" };
  it("uses English on English pages when there is one", () => {
    expect(localizedDescription("en", item)).toBe("english");
  });
  it("uses French otherwise", () => {
    expect(localizedDescription("fr", item)).toBe("français");
    expect(localizedDescription("en", { ...item, descriptionEn: "  " })).toBe("français");
  });
  it("falls back to the generic text", () => {
    expect(localizedDescription("en", { description: "générique", descriptionFr: null, descriptionEn: null })).toBe("générique");
    expect(localizedDescription("fr", { description: null, descriptionFr: null, descriptionEn: "english" })).toBeNull();
  });
});

describe("influence levels (docs/rules/profiles.md#influence)", () => {
  it.each([
    [0, "Débutant", 1],
    [10, "Débutant", 1],
    [11, "Habitué", 1.25],
    [25, "Habitué", 1.25],
    [26, "Expert", 1.5],
    [51, "Vétéran", 1.75],
    [100, "Vétéran", 1.75],
    [101, "Maître", 2],
  ])("%i parks → %s x%d", (parks, name, multiplier) => {
    expect(influenceLevel(parks)).toMatchObject({ name, multiplier });
  });
});
