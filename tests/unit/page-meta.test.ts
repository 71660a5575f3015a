import { canonicalPath } from "~/domain/canonical-query";
import { describe, expect, it } from "vitest";
import { canonicalUrl, metaDescription, metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { routeMessages } from "~/i18n/route-messages";
import fr from "~/i18n/locales/fr";

const content = (tags: ReturnType<typeof pageMeta>, property: string) =>
  tags.filter((tag) => "property" in tag && tag.property === property).map((tag) => (tag as { content: string }).content);

describe("meta description", () => {
  it("keeps a short text, on one line", () => {
    expect(metaDescription("  Un parc\n  familial.  ")).toBe("Un parc familial.");
  });

  it("cuts a long text at a word boundary, within 160 characters, with an ellipsis", () => {
    const text = `${"Montagnes russes ".repeat(12)}fin`;
    const summary = metaDescription(text);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith("russes…")).toBe(true);
    expect(text.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it("drops the punctuation left dangling before the ellipsis", () => {
    expect(metaDescription("Un grand huit, très rapide et haut", 16)).toBe("Un grand huit…");
  });

  it("cuts a single overlong word where it stands", () => {
    expect(metaDescription("a".repeat(200), 20)).toBe(`${"a".repeat(19)}…`);
  });
});

describe("page meta", () => {
  it("keeps the two-argument form: title, description and the site's Open Graph tags", () => {
    const tags = pageMeta("Titre", "Description");
    expect(tags).toContainEqual({ title: "Titre" });
    expect(tags).toContainEqual({ name: "description", content: "Description" });
    expect(content(tags, "og:url")).toEqual([]);
    expect(content(tags, "og:image")).toEqual([]);
  });

  it("adds og:url, og:locale with the other language as alternate, and an absolute og:image", () => {
    const tags = pageMeta("Title", "Text", {
      url: "https://parcours.example/en/europa-park",
      language: "en",
      image: "/storage/park_images/abc.webp",
    });
    expect(content(tags, "og:url")).toEqual(["https://parcours.example/en/europa-park"]);
    expect(content(tags, "og:locale")).toEqual(["en_GB"]);
    expect(content(tags, "og:locale:alternate")).toEqual(["fr_FR"]);
    expect(content(tags, "og:image")).toEqual(["https://parcours.example/storage/park_images/abc.webp"]);
  });

  it("leaves out a relative image it cannot make absolute", () => {
    expect(content(pageMeta("T", "D", { image: "/storage/x.webp" }), "og:image")).toEqual([]);
  });

  it("truncates the description in both description tags", () => {
    const tags = pageMeta("T", "mot ".repeat(100));
    expect((tags.find((tag) => "name" in tag) as { content: string }).content.length).toBeLessThanOrEqual(160);
    expect(content(tags, "og:description")[0]!.length).toBeLessThanOrEqual(160);
  });
});

describe("canonical address", () => {
  it("is the public URL, the page's language and the path without its prefix", () => {
    expect(canonicalUrl("https://p.example", "fr", "/europa-park/silver-star")).toBe("https://p.example/fr/europa-park/silver-star");
    expect(canonicalUrl("https://p.example", "en", "/en/europa-park")).toBe("https://p.example/en/europa-park");
    expect(canonicalUrl("https://p.example", "fr", "/fr")).toBe("https://p.example/fr/");
  });

  it("comes from the root's data in meta functions", () => {
    const root = { id: "root", data: { language: "fr", messages: fr, publicUrl: "https://p.example", canonicalPath: "/parc-asterix" } };
    expect(pageIdentity([root, { id: "default:park", pathname: "/parc-asterix" }])).toEqual({
      url: "https://p.example/fr/parc-asterix",
      language: "fr",
    });
    expect(pageIdentity([{ id: "default:park", pathname: "/parc-asterix" }])).toEqual({});
  });

  it("keeps the query of a page whose query names it (a rankings tab), as the root loader works it out", () => {
    const root = { id: "root", data: { language: "en", messages: fr, publicUrl: "https://p.example", canonicalPath: canonicalPath("/rankings", new URLSearchParams("type=dark_ride&tab=duels&utm=x"), undefined) } };
    expect(pageIdentity([root, { id: "en:rankings", pathname: "/en/rankings" }]).url).toBe(
      "https://p.example/en/rankings?tab=duels&type=dark_ride",
    );
    expect(canonicalPath("/", new URLSearchParams("country=France"), undefined)).toBe("/");
  });

  it("names a member's public profile on their own profile, whose page is the public one's (decision 0067)", () => {
    expect(canonicalPath("/profile", new URLSearchParams("sort=rating-desc"), "m-1")).toBe("/profile/m-1");
    expect(canonicalPath("/profile/m-2", new URLSearchParams(), "m-1")).toBe("/profile/m-2");
    expect(canonicalPath("/profile", new URLSearchParams(), undefined)).toBe("/profile");
  });
});

// Meta functions are given every match with `error: null` when no loader failed (React Router's Meta).
describe("a meta function's t (decision 0057)", () => {
  const root = { id: "root", loaderData: { language: "fr", messages: routeMessages("fr", ["common"]) }, data: { language: "fr" }, error: null };
  const page = { id: "fr:map", loaderData: { messages: routeMessages("fr", ["map"]) }, error: null };

  it("reads the messages of the root and of the page together", () => {
    const t = metaT([root, page])!;
    expect(`${t("map.title")} — ${t("common.appName")}`).toBe(`${fr.map.title} — Parcours`);
  });

  it("translates nothing when a loader failed: the error page writes its own title", () => {
    const failed = new Error("down");
    expect(metaT([{ ...root, error: failed }, { id: "fr:map", loaderData: undefined, error: failed }])).toBeNull();
  });
});
