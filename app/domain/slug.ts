/**
 * Slugs as the spec defines them (public site §2): accents removed, lower-case,
 * spaces become hyphens, other non-word characters dropped, repeated hyphens
 * collapsed, leading and trailing hyphens trimmed.
 * Ligatures are spelled out first (œ → oe) so that "Cœur" keeps its letters.
 */
const LIGATURES: Record<string, string> = { œ: "oe", Œ: "oe", æ: "ae", Æ: "ae", ß: "ss" };

export function slugify(name: string): string {
  return name
    .replace(/[œŒæÆß]/g, (letter) => LIGATURES[letter] ?? letter)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * First path segments that belong to the site's own routes: a park slug equal
 * to one of them would be unreachable (DESIGN.md, product decisions).
 */
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  "fr",
  "en",
  "profile",
  "contribute",
  "rankings",
  "duels",
  "contact",
  "signup",
  "login",
  "account",
  "logout",
  "reset-password",
  "terms",
  "parks",
  "attractions",
  "admin",
  "api",
  "storage",
  "images",
  "assets",
  "healthz",
  "sitemap",
  "sitemaps",
  "sitemapxml",
  "robotstxt",
  "faviconico",
  "favicon",
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_FIRST_SEGMENTS.has(slug);
}

/**
 * The slug a new park gets: its name's slug, moved off reserved words and off
 * slugs already taken by suffixing -2, -3, …
 */
export function uniqueSlug(name: string, isTaken: (slug: string) => boolean, fallback: string): string {
  const base = slugify(name) || fallback;
  let candidate = base;
  for (let suffix = 2; isReservedSlug(candidate) || isTaken(candidate); suffix++) {
    candidate = `${base}-${suffix}`;
  }
  return candidate;
}

/** What slugify can produce: anything else in an address cannot be a park or an attraction (and is not sent to the database). */
export function isSlugShaped(text: string): boolean {
  return /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/.test(text);
}
