import { and, desc, eq } from "drizzle-orm";
import type { PendingContribution } from "~/domain/pending-contribution";
import type { Executor } from "../db/database";
import { rides, parks } from "../db/schema";
import { notApproved } from "../catalog/visibility";

const SHOWN = 20;

/**
 * A member's parks and attractions not (or not yet) approved, newest first,
 * so that after "Ajouter un parc" sends them home they find what they added.
 * Both queries use the created_by indexes.
 */
export async function listPendingContributions(db: Executor, userId: string): Promise<PendingContribution[]> {
  const [ownParks, ownRides] = await Promise.all([
    db
      .select({
        id: parks.id,
        name: parks.name,
        slug: parks.slug,
        moderationStatus: parks.moderationStatus,
        rejectionReason: parks.rejectionReason,
        createdAt: parks.createdAt,
      })
      .from(parks)
      .where(and(eq(parks.createdBy, userId), notApproved(parks)))
      .orderBy(desc(parks.createdAt))
      .limit(SHOWN),
    db
      .select({
        id: rides.id,
        name: rides.name,
        slug: rides.slug,
        parkSlug: parks.slug,
        moderationStatus: rides.moderationStatus,
        rejectionReason: rides.rejectionReason,
        createdAt: rides.createdAt,
      })
      .from(rides)
      .innerJoin(parks, eq(parks.id, rides.parkId))
      .where(and(eq(rides.createdBy, userId), notApproved(rides)))
      .orderBy(desc(rides.createdAt))
      .limit(SHOWN),
  ]);
  return [
    ...ownParks.map((park) => ({ ...park, kind: "park" as const, path: `/${park.slug}` })),
    ...ownRides.map((ride) => ({ ...ride, kind: "attraction" as const, path: `/${ride.parkSlug}/${ride.slug}` })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, SHOWN)
    .map(({ kind, id, name, path, moderationStatus, rejectionReason }) => ({
      kind,
      id,
      name,
      path,
      moderationStatus: moderationStatus as "pending" | "rejected",
      rejectionReason: moderationStatus === "rejected" ? rejectionReason : null,
    }));
}
