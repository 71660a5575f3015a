import { describe, expect, it } from "vitest";
import {
  languageFromAcceptLanguage,
  localizedPath,
  resolveLanguage,
  splitLanguagePrefix,
  switchLanguagePath,
} from "~/domain/languages";

describe("language resolution (docs/rules/site.md#languages)", () => {
  it("takes the path's first segment first", () => {
    expect(resolveLanguage({ pathname: "/en/contact", remembered: "fr", acceptLanguage: "fr" })).toBe("en");
  });
  it("then the remembered choice", () => {
    expect(resolveLanguage({ pathname: "/contact", remembered: "en", acceptLanguage: "fr-FR" })).toBe("en");
  });
  it("ignores a remembered value that is not a language", () => {
    expect(resolveLanguage({ pathname: "/contact", remembered: "de", acceptLanguage: "en-GB,en;q=0.9" })).toBe("en");
  });
  it("then the browser's languages by quality", () => {
    expect(resolveLanguage({ pathname: "/", acceptLanguage: "de-DE,en;q=0.8,fr;q=0.9" })).toBe("fr");
    expect(resolveLanguage({ pathname: "/", acceptLanguage: "de-DE,en;q=0.8" })).toBe("en");
  });
  it("defaults to French", () => {
    expect(resolveLanguage({ pathname: "/", acceptLanguage: "de, ja" })).toBe("fr");
    expect(resolveLanguage({ pathname: "/" })).toBe("fr");
  });
  it("does not take a park slug starting with fr for a prefix", () => {
    expect(splitLanguagePrefix("/france-miniature").language).toBeNull();
    expect(splitLanguagePrefix("/fr")).toEqual({ language: "fr", rest: "/" });
  });
  it("skips languages refused with q=0", () => {
    expect(languageFromAcceptLanguage("en;q=0, fr;q=0.1")).toBe("fr");
  });
});

describe("switching language rewrites the current path", () => {
  it.each([
    ["/fr/contact", "en", "/en/contact"],
    ["/contact", "en", "/en/contact"],
    ["/en/parc-asterix/oziris", "fr", "/fr/parc-asterix/oziris"],
    ["/en", "fr", "/fr/"],
    ["/", "en", "/en/"],
  ] as const)("%s in %s is %s", (path, language, expected) => {
    expect(switchLanguagePath(path, language)).toBe(expected);
  });
  it("localizes a path", () => {
    expect(localizedPath("fr", "/terms")).toBe("/fr/terms");
    expect(localizedPath("en", "terms")).toBe("/en/terms");
  });
});
