import { describe, expect, it } from "vitest";
import { localizedDescription } from "~/domain/descriptions";
import { formatDuration, formatKilometres } from "~/domain/format";
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
