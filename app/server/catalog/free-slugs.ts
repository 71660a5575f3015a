import crypto from "node:crypto";
import { and, eq, like, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { slugify, uniqueSlug } from "~/domain/slug";
import type { Executor } from "../db/database";
import { rideSlugRedirects, rides, parkSlugRedirects, parks } from "../db/schema";

/**
 * Slugs already taken among those a new name could get: its own and its
 * numbered variants. Underscores are LIKE wildcards, hence the escaping.
 */
function slugFamily(column: AnyColumn, base: string): SQL {
  return or(eq(column, base), like(column, `${base.replace(/_/g, "\\_")}-%`))!;
}

/** A name with no letter or digit a slug can keep (e.g. only symbols) still needs an address. */
export function slugBase(name: string, fallbackPrefix: string): string {
  return slugify(name) || `${fallbackPrefix}-${crypto.randomBytes(3).toString("hex")}`;
}

function freeSlug(base: string, taken: readonly string[]): string {
  const takenSet = new Set(taken);
  return uniqueSlug(base, (slug) => takenSet.has(slug), base);
}

/**
 * The one rule for choosing an address (decision 0038): a slug is taken by a live park or ride,
 * and also by an old slug that still leads to another one (slug-history.ts) — a new or renamed
 * park given it would take over the renamed park's old links. Only the family of the name's slug
 * is read (its numbered variants), in one statement. `movingId` is the park or ride being renamed:
 * its own old slugs are free to it (renaming back takes the old address again).
 */
type FreeSlug = { slug: string; liveAtBase: boolean };

export async function freeParkSlug(executor: Executor, base: string, movingId?: string): Promise<FreeSlug> {
  const live = executor
    .select({ slug: parks.slug, live: sql<boolean>`true`.as("live") })
    .from(parks)
    .where(and(slugFamily(parks.slug, base), movingId ? ne(parks.id, movingId) : undefined));
  const redirects = executor
    .select({ slug: parkSlugRedirects.slug, live: sql<boolean>`false`.as("live") })
    .from(parkSlugRedirects)
    .where(and(slugFamily(parkSlugRedirects.slug, base), movingId ? ne(parkSlugRedirects.parkId, movingId) : undefined));
  const taken = await live.unionAll(redirects);
  // Parks number reserved first segments away too (freeSlug).
  return { slug: freeSlug(base, taken.map((row) => row.slug)), liveAtBase: taken.some((row) => row.live && row.slug === base) };
}

/** The same within one park for a ride (a second path segment: reserved words are fine). */
export async function freeRideSlug(executor: Executor, parkId: string, base: string, movingId?: string): Promise<FreeSlug> {
  const live = executor
    .select({ slug: rides.slug, live: sql<boolean>`true`.as("live") })
    .from(rides)
    .where(and(eq(rides.parkId, parkId), slugFamily(rides.slug, base), movingId ? ne(rides.id, movingId) : undefined));
  const redirects = executor
    .select({ slug: rideSlugRedirects.slug, live: sql<boolean>`false`.as("live") })
    .from(rideSlugRedirects)
    .where(
      and(
        eq(rideSlugRedirects.parkId, parkId),
        slugFamily(rideSlugRedirects.slug, base),
        movingId ? ne(rideSlugRedirects.rideId, movingId) : undefined,
      ),
    );
  const rows = await live.unionAll(redirects);
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  return { slug, liveAtBase: rows.some((row) => row.live && row.slug === base) };
}
