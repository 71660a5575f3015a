import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { LANGUAGES, type Language } from "~/domain/languages";
import { isReservedSlug, isSlugShaped, slugify, uniqueSlug } from "~/domain/slug";
import routes from "~/routes";

describe("slugify (docs/rules/catalogue.md#slugs)", () => {
  it.each([
    ["Parc Astérix", "parc-asterix"],
    ["Walibi Rhône-Alpes", "walibi-rhone-alpes"],
    ["Ça, c'est « Noël » !", "ca-cest-noel"],
    ["  --Le   Pal--  ", "le-pal"],
    ["Tonnerre 2 Zeus", "tonnerre-2-zeus"],
    ["Europa-Park", "europa-park"],
    ["Fēnix", "fenix"],
    ["A -- B", "a-b"],
    ["Cœur de Noël", "coeur-de-noel"],
    ["Snake_Case", "snake_case"],
    ["!!!", ""],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("collapses repeated hyphens and trims them at both ends", () => {
    expect(slugify("-a---b-")).toBe("a-b");
  });
});

describe("reserved first segments", () => {
  it("refuses the site's own route names (docs/rules/quality.md#reserved-slugs)", () => {
    for (const reserved of ["profile", "contribute", "rankings", "duels", "contact", "signup", "login", "reset-password", "terms", "parks", "attractions", "admin", "fr", "en", "api", "storage"]) {
      expect(isReservedSlug(reserved)).toBe(true);
    }
    expect(isReservedSlug("parc-asterix")).toBe(false);
  });

  it("holds every static first segment of the route table, also after a language prefix", () => {
    const segments = new Set<string>();
    const collect = (entries: readonly RouteConfigEntry[]) => {
      for (const entry of entries) {
        const parts = (entry.path ?? "").split("/").filter(Boolean);
        // "/fr/contact" puts "contact" where "/fr/<park>" puts a park's slug.
        const first = LANGUAGES.includes(parts[0] as Language) ? (parts[1] ?? parts[0]) : parts[0];
        if (parts[0]) segments.add(parts[0]);
        if (first) segments.add(first);
        collect(entry.children ?? []);
      }
    };
    collect(routes);
    // Dynamic segments and splats are not names; "sitemap.xml" can never be a slug (no dot survives slugify).
    const names = [...segments].filter((segment) => !segment.startsWith(":") && segment !== "*" && isSlugShaped(segment));
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((segment) => !isReservedSlug(segment))).toEqual([]);
  });

  it("gives a park named like a route a suffixed slug", () => {
    expect(uniqueSlug("Contact", () => false, "parc")).toBe("contact-2");
  });

  it("never reuses a taken slug", () => {
    const taken = new Set(["le-pal", "le-pal-2"]);
    expect(uniqueSlug("Le Pal", (slug) => taken.has(slug), "parc")).toBe("le-pal-3");
  });

  it("falls back when the name has no letters left", () => {
    expect(uniqueSlug("???", () => false, "parc")).toBe("parc");
  });
});

describe("isSlugShaped", () => {
  it("accepts what slugify makes and nothing else", () => {
    for (const name of ["Parc Astérix", "Silver Star", "Hyperion", "Cœur de Pirate"]) expect(isSlugShaped(slugify(name))).toBe(true);
    for (const text of ["silver%00star", "silver\u0000star", "Parc", "-a", "a--b", "", "a b"]) expect(isSlugShaped(text)).toBe(false);
  });
});
