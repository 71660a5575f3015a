import { eq, sql } from "drizzle-orm";
import { influenceLevel } from "~/domain/influence";
import type { Executor } from "../db/database";
import { userRatingStats } from "../db/schema";

/**
 * Counts a member's new park rating in user_rating_stats (public site §3) and
 * moves their influence weight to the level that count reaches (§4). The
 * upsert's row lock keeps two ratings of one member, on two parks, in order.
 */
export async function countNewParkRating(tx: Executor, userId: string): Promise<void> {
  const [stats] = await tx
    .insert(userRatingStats)
    .values({ userId, totalParkRatings: 1, currentWeight: influenceLevel(1).multiplier })
    .onConflictDoUpdate({
      target: userRatingStats.userId,
      set: { totalParkRatings: sql`${userRatingStats.totalParkRatings} + 1`, updatedAt: sql`now()` },
    })
    .returning({ total: userRatingStats.totalParkRatings, weight: userRatingStats.currentWeight });
  const weight = influenceLevel(stats!.total).multiplier;
  if (stats!.weight !== weight) {
    await tx.update(userRatingStats).set({ currentWeight: weight }).where(eq(userRatingStats.userId, userId));
  }
}

/** Counts a member's new attraction rating; the weight depends on parks only (a newcomer's row starts at ×1). */
export async function countNewAttractionRating(tx: Executor, userId: string): Promise<void> {
  await tx
    .insert(userRatingStats)
    .values({ userId, totalAttractionRatings: 1, currentWeight: influenceLevel(0).multiplier })
    .onConflictDoUpdate({
      target: userRatingStats.userId,
      set: { totalAttractionRatings: sql`${userRatingStats.totalAttractionRatings} + 1`, updatedAt: sql`now()` },
    });
}
