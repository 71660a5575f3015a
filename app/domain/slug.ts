/**
 * Slugs as the product defines them (docs/rules/catalogue.md#slugs): accents removed, lower-case,
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
 * First path segments that belong to the site itself: a park slug equal to
 * one of them would be unreachable (docs/rules/quality.md#reserved-slugs). The route
 * table (app/routes.ts) cannot import the domain's list without the domain
 * knowing its files, so tests/unit/slug.test.ts reads the route table and
 * fails when one of its static first segments is missing here.
 */
const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  // app/routes.ts (the test reads it)
  "fr",
  "en",
  "profile",
  "contribute",
  "rankings",
  "manufacturers",
  "map",
  "maps",
  "duels",
  "contact",
  "signup",
  "login",
  "account",
  "logout",
  "reset-password",
  "confirm-email",
  "terms",
  "parks",
  "attractions",
  "admin",
  "api",
  "images",
  "sitemaps",
  "skylines",
  // Served by http/main.ts before the route table, or kept for what may come ("storage", docs/rules/quality.md#reserved-slugs).
  "assets",
  "healthz",
  // public/'s folders, served as files
  "icons",
  "ride-types",
  "storage",
  "favicon",
  // Names that slugify to the dotless spelling of a file at the root (sitemap.xml, robots.txt, favicon.ico).
  "sitemap",
  "sitemapxml",
  "robotstxt",
  "faviconico",
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
