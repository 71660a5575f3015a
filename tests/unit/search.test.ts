import { describe, expect, it } from "vitest";
import { searchKey } from "~/domain/search";

describe("search folding", () => {
  it.each([
    ["Parc Astérix", "parc asterix"],
    ["  ÉLAN   Vital ", "elan vital"],
    ["Cœur de Noël", "coeur de noel"],
    ["Fēnix", "fenix"],
    ["Straße", "strasse"],
  ])("%s → %s", (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});
