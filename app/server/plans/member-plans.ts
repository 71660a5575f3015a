import { and, desc, eq, sql } from "drizzle-orm";
import type { MemberPlanSummary } from "~/domain/visit-plan";
import type { Executor } from "../db/database";
import { parks, visitPlanRides, visitPlans } from "../db/schema";
import { publicPark } from "../catalog/visibility";

/**
 * The profile's 'Mes plans de visite': the member's plans of published parks,
 * the most recently changed first, each with its number of rides, in one
 * statement (the (user, park) unique index finds a member's few plans).
 */
export async function listMemberPlans(db: Executor, userId: string): Promise<MemberPlanSummary[]> {
  return db
    .select({
      parkId: visitPlans.parkId,
      parkName: parks.name,
      parkSlug: parks.slug,
      name: visitPlans.name,
      rideCount: sql<number>`(select count(*)::int from ${visitPlanRides} where ${visitPlanRides.planId} = ${visitPlans.id})`,
    })
    .from(visitPlans)
    .innerJoin(parks, eq(parks.id, visitPlans.parkId))
    .where(and(eq(visitPlans.userId, userId), publicPark()))
    .orderBy(desc(visitPlans.updatedAt), visitPlans.id);
}
