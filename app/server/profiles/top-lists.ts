import type { MessageKey } from "~/i18n/translate";
import { and, asc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/domain/ids";
import { isSameSet, TOP_LIST_SIZE, type TopListItem, type TopListKind, type TopLists } from "~/domain/top-lists";
import type { Database, Executor, Transaction } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { rides, parks, profiles, userTopRides, userTopParks } from "../db/schema";
import { publicRide, publicPark } from "../catalog/visibility";
import { writeBarredMessage } from "../allowances/member-standing";
import { transactionOrRefusal } from "../db/refusable-transaction";

/**
 * A member's top 10 parks and top 10 attractions (docs/rules/profiles.md#top-10-lists).
 *
 * Only approved items are shown, and only approved items are "the list": a
 * listed park that is later rejected disappears from it, and the next write
 * to that list drops its row for good (every write rewrites the list from
 * what is visible, so positions stay 1..n without gaps).
 *
 * Every function takes the member's id from the caller, which takes it from
 * the session: a form never says whose list it changes.
 */

export type TopListOutcome = { ok: true; ids: string[] } | { ok: false; reason: "invalid" | "forbidden"; error: MessageKey };
type Refusal = Extract<TopListOutcome, { ok: false }>;

const refusal = (error: MessageKey, reason: "invalid" | "forbidden" = "invalid"): Refusal => ({ ok: false, reason, error });

/** Both lists of a member in their order, approved items only: two queries whatever their length. */
export async function listTopLists(db: Executor, userId: string): Promise<TopLists> {
  const [parkRows, rideRows] = await Promise.all([
    db
      .select({
        id: parks.id,
        name: parks.name,
        slug: parks.slug,
        parkSlug: sql<string | null>`null`,
        parkName: sql<string | null>`null`,
        imageUrl: parks.imageUrl,
        averageRating: parks.averageRating,
        ratingCount: parks.ratingCount,
      })
      .from(userTopParks)
      .innerJoin(parks, eq(parks.id, userTopParks.parkId))
      .where(and(eq(userTopParks.userId, userId), publicPark()))
      .orderBy(asc(userTopParks.position)),
    db
      .select({
        id: rides.id,
        name: rides.name,
        slug: rides.slug,
        parkSlug: parks.slug,
        parkName: parks.name,
        imageUrl: rides.imageUrl,
        averageRating: rides.averageRating,
        ratingCount: rides.ratingCount,
      })
      .from(userTopRides)
      .innerJoin(rides, eq(rides.id, userTopRides.rideId))
      .innerJoin(parks, eq(parks.id, rides.parkId))
      .where(
        and(eq(userTopRides.userId, userId), publicRide()),
      )
      .orderBy(asc(userTopRides.position)),
  ]);
  return { park: parkRows satisfies TopListItem[], attraction: rideRows satisfies TopListItem[] };
}

/** Appends an approved park or attraction at the end of the member's list. */
export function addToTopList(db: Database, userId: string, kind: TopListKind, itemId: string): Promise<TopListOutcome> {
  if (!isUuid(itemId)) return Promise.resolve(refusal("topLists.errors.notFound"));
  return writeTopList(db, userId, kind, async (tx, current, refuse) => {
    if (current.includes(itemId)) return refuse(refusal("topLists.errors.duplicate"));
    if (current.length >= TOP_LIST_SIZE) return refuse(refusal("topLists.errors.full"));
    if (!(await isListable(tx, kind, itemId))) return refuse(refusal("topLists.errors.notFound"));
    return [...current, itemId];
  });
}

/** Takes an item off the list; the ones after it move up. Removing an item that is not there changes nothing. */
export function removeFromTopList(db: Database, userId: string, kind: TopListKind, itemId: string): Promise<TopListOutcome> {
  if (!isUuid(itemId)) return Promise.resolve(refusal("topLists.errors.notFound"));
  return writeTopList(db, userId, kind, async (_tx, current) => current.filter((id) => id !== itemId));
}

/** Puts the list in the given order, which must hold exactly the items it holds now (else the page was stale). */
export function reorderTopList(db: Database, userId: string, kind: TopListKind, orderedIds: readonly string[]): Promise<TopListOutcome> {
  return writeTopList(db, userId, kind, async (_tx, current, refuse) => {
    if (!isSameSet(current, orderedIds)) return refuse(refusal("topLists.errors.listChanged"));
    return [...orderedIds];
  });
}

type Change = (tx: Transaction, current: string[], refuse: (outcome: Refusal) => never) => Promise<string[]>;

/**
 * One write to a list, in one transaction: lock the member's profile row (so
 * two requests of the same member take turns, and a cap check cannot race
 * another add), read the visible list, compute the new one, rewrite it.
 * The unique (user, position) index cannot be renumbered in place one row at
 * a time, so the rows are deleted and inserted again — at most 10.
 */
async function writeTopList(db: Database, userId: string, kind: TopListKind, change: Change): Promise<TopListOutcome> {
  // Suspension signs a member out; a request already under way must still not write.
  if (await writeBarredMessage(db, userId)) return refusal("topLists.errors.suspended", "forbidden");
  try {
    return await transactionOrRefusal<TopListOutcome, Refusal>(db, async (tx, refuse) => {
      const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("no key update");
      if (!member) return refuse(refusal("topLists.errors.notFound"));
      const rows = await storedRows(tx, kind, userId);
      const stored = rows.map((row) => row.id);
      const current = rows.filter((row) => row.visible).map((row) => row.id);
      const next = await change(tx, current, refuse);
      const unchanged = next.length === stored.length && next.every((id, index) => id === stored[index]);
      if (!unchanged) await rewrite(tx, kind, userId, next);
      return { ok: true as const, ids: next };
    });
  } catch (error) {
    // The profile lock makes this unreachable between two requests of this
    // member; should it happen anyway, it is a refusal to try again, not a failure.
    if (isUniqueViolation(error)) return refusal("topLists.errors.listChanged");
    throw error;
  }
}

/** The member's stored rows in order, each saying whether a visitor may see its item. */
async function storedRows(tx: Executor, kind: TopListKind, userId: string): Promise<Array<{ id: string; visible: boolean }>> {
  if (kind === "park") {
    return tx
      .select({ id: userTopParks.parkId, visible: sql<boolean>`${publicPark()}` })
      .from(userTopParks)
      .innerJoin(parks, eq(parks.id, userTopParks.parkId))
      .where(eq(userTopParks.userId, userId))
      .orderBy(asc(userTopParks.position));
  }
  return tx
    .select({
      id: userTopRides.rideId,
      visible: sql<boolean>`${publicRide()}`,
    })
    .from(userTopRides)
    .innerJoin(rides, eq(rides.id, userTopRides.rideId))
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(eq(userTopRides.userId, userId))
    .orderBy(asc(userTopRides.position));
}

/**
 * Whether a visitor may see the item, locking it against deletion until the
 * transaction ends (KEY SHARE: its ratings may still move its counts meanwhile).
 */
async function isListable(tx: Executor, kind: TopListKind, itemId: string): Promise<boolean> {
  if (kind === "park") {
    const rows = await tx
      .select({ id: parks.id })
      .from(parks)
      .where(and(eq(parks.id, itemId), publicPark()))
      .for("key share");
    return rows.length > 0;
  }
  const rows = await tx
    .select({ id: rides.id })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(and(eq(rides.id, itemId), publicRide()))
    .for("key share");
  return rows.length > 0;
}

async function rewrite(tx: Executor, kind: TopListKind, userId: string, ids: readonly string[]): Promise<void> {
  const table = kind === "park" ? userTopParks : userTopRides;
  await tx.delete(table).where(eq(table.userId, userId));
  if (ids.length === 0) return;
  if (kind === "park") {
    await tx.insert(userTopParks).values(ids.map((parkId, index) => ({ userId, parkId, position: index + 1 })));
  } else {
    await tx.insert(userTopRides).values(ids.map((rideId, index) => ({ userId, rideId, position: index + 1 })));
  }
}
