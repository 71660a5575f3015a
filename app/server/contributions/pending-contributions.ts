import { and, desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { PendingContribution } from "~/domain/pending-contribution";
import type { Executor } from "../db/database";
import { rides, parks } from "../db/schema";
import { notApproved } from "../catalog/visibility";

const SHOWN = 20;

/**
 * A member's parks and attractions not (or not yet) approved, newest first,
 * so that after "Ajouter un parc" sends them home they find what they added.
 * One statement (the home page's whole part for a member, decision 0060): both
 * halves use the created_by indexes.
 */
export async function listPendingContributions(db: Executor, userId: string): Promise<PendingContribution[]> {
  const ownParks = db
    .select({
      id: parks.id,
      name: parks.name,
      slug: parks.slug,
      parkSlug: sql<string | null>`null`.as("park_slug"),
      moderationStatus: parks.moderationStatus,
      rejectionReason: parks.rejectionReason,
      createdAt: parks.createdAt,
    })
    .from(parks)
    .where(and(eq(parks.createdBy, userId), notApproved(parks)));
  const ownRides = db
    .select({
      id: rides.id,
      name: rides.name,
      slug: rides.slug,
      parkSlug: sql<string | null>`${parks.slug}`.as("park_slug"),
      moderationStatus: rides.moderationStatus,
      rejectionReason: rides.rejectionReason,
      createdAt: rides.createdAt,
    })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(and(eq(rides.createdBy, userId), notApproved(rides)));
  const rows = await unionAll(ownParks, ownRides).orderBy(desc(sql`created_at`)).limit(SHOWN);
  return rows.map(({ id, name, slug, parkSlug, moderationStatus, rejectionReason }) => ({
    kind: parkSlug === null ? ("park" as const) : ("attraction" as const),
    id,
    name,
    path: parkSlug === null ? `/${slug}` : `/${parkSlug}/${slug}`,
    moderationStatus: moderationStatus as "pending" | "rejected",
    rejectionReason: moderationStatus === "rejected" ? rejectionReason : null,
  }));
}
