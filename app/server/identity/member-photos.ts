import { and, desc, gt, sql } from "drizzle-orm";
import { publicReview } from "../catalog/review-visibility";
import type { Executor } from "../db/database";
import { parkRatings } from "../db/schema";

/**
 * A park without a picture of its own shows its members' instead: the first photo of its most helpful public review
 * that has one, in the park page's own review order: the first entry of park_ratings_park_photos_idx, which holds
 * only the public reviews with photos (a park's many reviews without one are never read).
 */
export async function findParkMemberPhoto(db: Executor, parkId: string): Promise<string | null> {
  const [row] = await db
    .select({ image: sql<string>`${parkRatings.images}[1]` })
    .from(parkRatings)
    .where(and(sql`${parkRatings.parkId} = ${parkId}`, publicReview(parkRatings), gt(sql`cardinality(${parkRatings.images})`, 0)))
    .orderBy(desc(parkRatings.helpfulCount), desc(parkRatings.createdAt), desc(parkRatings.id))
    .limit(1);
  return row?.image ?? null;
}
