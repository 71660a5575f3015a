import crypto from "node:crypto";
import { like, or, eq, type AnyColumn, type SQL } from "drizzle-orm";
import { slugify, uniqueSlug } from "~/domain/slug";

/**
 * Slugs already taken among those a new name could get: its own and its
 * numbered variants. Underscores are LIKE wildcards, hence the escaping.
 */
export function slugFamily(column: AnyColumn, base: string): SQL {
  return or(eq(column, base), like(column, `${base.replace(/_/g, "\\_")}-%`))!;
}

/** A name with no letter or digit a slug can keep (e.g. only symbols) still needs an address. */
export function slugBase(name: string, fallbackPrefix: string): string {
  return slugify(name) || `${fallbackPrefix}-${crypto.randomBytes(3).toString("hex")}`;
}

export function freeSlug(base: string, taken: readonly string[]): string {
  const takenSet = new Set(taken);
  return uniqueSlug(base, (slug) => takenSet.has(slug), base);
}
