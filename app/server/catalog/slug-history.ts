import { and, eq, or, sql } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import { isSlugShaped, slugify } from "~/domain/slug";
import type { Executor, Transaction } from "../db/database";
import { rideSlugRedirects, rides, parkSlugRedirects, parks } from "../db/schema";
import { freeRideSlug, freeParkSlug, slugBase } from "./free-slugs";
import { visibleTo } from "./visibility";

/**
 * A renamed park or ride moves to its new name's address, and its old
 * addresses answer with a permanent redirect (docs/rules/catalogue.md#renamed-parks-and-rides): every old slug is a
 * row pointing at the park or ride itself, never at a slug, so a chain of
 * renames needs no chain of redirects and renaming back cannot loop. An old
 * slug stays taken for other parks and rides (free-slugs.ts, decision 0038);
 * should a live one share its text anyway (rows from before that rule), the
 * live one wins, and the row comes back into use only if that park goes.
 */

/**
 * Whether a name's slug still describes the current address: the same slug,
 * or one of its numbered variants (foo-2 for "Foo" when foo was taken or
 * reserved). A name without any letter or digit keeps its generated address.
 */
function keepsAddress(currentSlug: string, newName: string, fallbackPrefix: string): boolean {
  const base = slugify(newName);
  if (!base) return new RegExp(`^${fallbackPrefix}-[0-9a-f]{6}(?:-\\d+)?$`).test(currentSlug);
  return currentSlug === base || (currentSlug.startsWith(`${base}-`) && /^\d+$/.test(currentSlug.slice(base.length + 1)));
}

/**
 * Gives the park its new name's address when the name's slug changes: a free
 * slug as createPark chooses one (reserved words, other parks' slugs and old
 * slugs numbered away), the old slug kept as a redirect to this park. The caller
 * holds the park row locked. Null when the address stays.
 */
export async function moveParkSlug(tx: Transaction, parkId: string, newName: string): Promise<string | null> {
  const [park] = await tx.select({ slug: parks.slug }).from(parks).where(eq(parks.id, parkId));
  if (!park || keepsAddress(park.slug, newName, "parc")) return null;
  const { slug } = await freeParkSlug(tx, slugBase(newName, "parc"), parkId);
  await tx.update(parks).set({ slug, updatedAt: new Date() }).where(eq(parks.id, parkId));
  await tx.delete(parkSlugRedirects).where(eq(parkSlugRedirects.slug, slug));
  await tx
    .insert(parkSlugRedirects)
    .values({ slug: park.slug, parkId })
    .onConflictDoUpdate({ target: parkSlugRedirects.slug, set: { parkId, createdAt: sql`now()` } });
  return slug;
}

/**
 * The same for a ride within its park (slugs are unique per park). Unlike a
 * park's, a ride's slug is a second path segment, so reserved words are
 * fine: only the park's other rides and their old slugs number it away. The
 * caller holds the ride row locked.
 */
export async function moveRideSlug(tx: Transaction, rideId: string, newName: string): Promise<string | null> {
  const [ride] = await tx.select({ slug: rides.slug, parkId: rides.parkId }).from(rides).where(eq(rides.id, rideId));
  if (!ride || keepsAddress(ride.slug, newName, "attraction")) return null;
  const { slug } = await freeRideSlug(tx, ride.parkId, slugBase(newName, "attraction"), rideId);
  await tx.update(rides).set({ slug, updatedAt: new Date() }).where(eq(rides.id, rideId));
  await tx.delete(rideSlugRedirects).where(and(eq(rideSlugRedirects.parkId, ride.parkId), eq(rideSlugRedirects.slug, slug)));
  await tx
    .insert(rideSlugRedirects)
    .values({ parkId: ride.parkId, slug: ride.slug, rideId })
    .onConflictDoUpdate({
      target: [rideSlugRedirects.parkId, rideSlugRedirects.slug],
      set: { rideId, createdAt: sql`now()` },
    });
  return slug;
}

/** Ids of the park an old slug leads to, unless a park lives at that slug. */
function redirectedParkIds(oldSlug: string) {
  return sql`(SELECT r.park_id FROM ${parkSlugRedirects} r
    WHERE r.slug = ${oldSlug} AND NOT EXISTS (SELECT 1 FROM ${parks} live WHERE live.slug = ${oldSlug}))`;
}

/**
 * The current slug of the park that used to live at this address, when the
 * viewer may see it (a pending park is not revealed by its old address
 * either). Only for a miss: the page loader asks after finding no park.
 */
export async function findParkRedirect(db: Executor, oldSlug: string, viewer: CurrentUser | null): Promise<string | null> {
  if (!isSlugShaped(oldSlug)) return null;
  const [park] = await db
    .select({ slug: parks.slug })
    .from(parks)
    .where(and(sql`${parks.id} IN ${redirectedParkIds(oldSlug)}`, visibleTo(parks, viewer)))
    .limit(1);
  return park?.slug ?? null;
}

/**
 * The current address of the ride that used to live at this one: the park
 * slug, the ride slug, or both may be old. Null when nothing visible to the
 * viewer is there, or when the answer is this very address (renamed back
 * between the page's query and this one): a redirect never points at itself.
 */
export async function findRideRedirect(
  db: Executor,
  parkSlug: string,
  rideSlug: string,
  viewer: CurrentUser | null,
): Promise<{ parkSlug: string; rideSlug: string } | null> {
  if (!isSlugShaped(parkSlug) || !isSlugShaped(rideSlug)) return null;
  const [row] = await db
    .select({ parkSlug: parks.slug, rideSlug: rides.slug })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(
      and(
        or(eq(parks.slug, parkSlug), sql`${parks.id} IN ${redirectedParkIds(parkSlug)}`),
        or(
          eq(rides.slug, rideSlug),
          sql`${rides.id} IN (SELECT r.attraction_id FROM ${rideSlugRedirects} r
            WHERE r.park_id = ${rides.parkId} AND r.slug = ${rideSlug}
            AND NOT EXISTS (SELECT 1 FROM ${rides} live WHERE live.park_id = r.park_id AND live.slug = r.slug))`,
        ),
        visibleTo(parks, viewer),
        visibleTo(rides, viewer),
      ),
    )
    .limit(1);
  if (!row || (row.parkSlug === parkSlug && row.rideSlug === rideSlug)) return null;
  return row;
}
