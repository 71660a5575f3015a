import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { RELOCATION_CANDIDATES, type AdminRelocationCandidate, type AdminRideLine } from "~/domain/admin-ride-rows";
import { isUuid } from "~/domain/ids";
import { SEARCH_MIN_LENGTH, searchKey } from "~/domain/search";
import type { Executor } from "../db/database";
import { parks, rides } from "../db/schema";
import { containsPattern } from "./like-pattern";

/**
 * What the ride screen's 'Continue l'attraction…' view reads (docs/rules/back-office.md#ride-relocation); the link
 * itself is written by setRideContinues (ride-relocation.ts).
 */

/** The ride, its park and the ride it continues with that one's park, in one statement; null when there is no such ride. */
export async function readRideLine(db: Executor, id: string): Promise<AdminRideLine | null> {
  if (!isUuid(id)) return null;
  const continued = alias(rides, "continued");
  const continuedPark = alias(parks, "continued_park");
  const [row] = await db
    .select({ id: rides.id, name: rides.name, parkName: parks.name, continuesName: continued.name, continuesParkName: continuedPark.name })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .leftJoin(continued, eq(continued.id, rides.continuesId))
    .leftJoin(continuedPark, eq(continuedPark.id, continued.parkId))
    .where(eq(rides.id, id));
  if (!row) return null;
  const { continuesName, continuesParkName, ...ride } = row;
  return { ...ride, continues: continuesName !== null && continuesParkName !== null ? { name: continuesName, parkName: continuesParkName } : null };
}

/**
 * The rides of every other park whose name contains the text (ignoring case and accents, like the list's search: the
 * search_name trigram index), whatever their status, by name: the rides this one may continue. Null for a text too
 * short to search (the site's search suggestions' minimum).
 */
export async function findRelocationCandidates(db: Executor, rideId: string, text: string): Promise<AdminRelocationCandidate[] | null> {
  const key = searchKey(text);
  if (key.length < SEARCH_MIN_LENGTH || !isUuid(rideId)) return null;
  return db
    .select({ id: rides.id, name: rides.name, parkName: parks.name, status: rides.status })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(
      and(
        sql`${rides.searchName} LIKE ${containsPattern(key)}`,
        sql`${rides.parkId} <> (SELECT own.park_id FROM attractions own WHERE own.id = ${rideId})`,
      ),
    )
    .orderBy(asc(rides.name), asc(parks.name), asc(rides.id))
    .limit(RELOCATION_CANDIDATES);
}
