import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { isReviewKind } from "~/domain/admin-reviews";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import { queryRows, type Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import type { ImageStorage } from "../images/image-storage";
import { notifyLive } from "../live/notify";
import { recomputeAggregates } from "../ratings/recompute-aggregates";
import { deleteStoredImages } from "../images/delete-stored-images";
import type { ModerationOutcome } from "./member-moderation";
import { logModeration } from "./moderation-log";

export type ReviewDeletionDeps = { db: Database; imageStorage: ImageStorage; logger: Logger };
type Refusal = Extract<ModerationOutcome, { ok: false }>;

const STALE: Refusal = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };

/**
 * An administrator deletes a park or ride review (docs/rules/back-office.md#review-management,
 * and the reviews views of the parks and rides screens), in one
 * transaction: the locks rating writes take, in their order (park → ride →
 * review), the review (triggers take its votes and reports), the aggregates
 * it counted in (its park, its ride) recomputed, and its author's figures,
 * which the row triggers have already moved, recomputed to the same values, the log
 * row, and the open pages of the park or ride told. Its photos are removed
 * once committed. A review already gone is a stale screen.
 */
export async function deleteReview(deps: ReviewDeletionDeps, admin: CurrentUser, type: string, id: string): Promise<ModerationOutcome> {
  if (!isReviewKind(type) || !isUuid(id)) return { ok: false, reason: "invalid", error: { key: "errors.badRequest" } };
  try {
    const deleted = await transactionOrRefusal<{ images: string[] }, Refusal>(deps.db, async (tx, refuse) => {
      if (type === "park") {
        const [review] = await queryRows<{ park_id: string }>(tx, sql`SELECT park_id FROM park_ratings WHERE id = ${id}`);
        if (!review) return refuse(STALE);
        await tx.execute(sql`SELECT id FROM parks WHERE id = ${review.park_id} FOR UPDATE`);
        const [gone] = await queryRows<{ user_id: string; images: string[] | null }>(
          tx,
          sql`DELETE FROM park_ratings WHERE id = ${id} AND park_id = ${review.park_id} RETURNING user_id, images`,
        );
        if (!gone) return refuse(STALE);
        await recomputeAggregates(tx, { parkIds: [review.park_id], rideIds: [], userIds: [gone.user_id], reviewIds: [] });
        await logModeration(tx, { action: "delete", targetType: "rating", targetId: id, moderatorId: admin.id });
        await notifyLive(tx, parkTopic(review.park_id));
        return { images: gone.images ?? [] };
      }
      const [review] = await queryRows<{ attraction_id: string; park_id: string }>(
        tx,
        sql`SELECT r.attraction_id, a.park_id FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id WHERE r.id = ${id}`,
      );
      if (!review) return refuse(STALE);
      await tx.execute(sql`SELECT id FROM parks WHERE id = ${review.park_id} FOR UPDATE`);
      await tx.execute(sql`SELECT id FROM attractions WHERE id = ${review.attraction_id} FOR UPDATE`);
      const [gone] = await queryRows<{ user_id: string }>(
        tx,
        sql`DELETE FROM attraction_ratings WHERE id = ${id} AND attraction_id = ${review.attraction_id} RETURNING user_id`,
      );
      if (!gone) return refuse(STALE);
      // A ride's figures feed its park's (the park's ride averages): both are recomputed.
      await recomputeAggregates(tx, {
        parkIds: [review.park_id],
        rideIds: [review.attraction_id],
        userIds: [gone.user_id],
        reviewIds: [],
      });
      await logModeration(tx, { action: "delete", targetType: "rating", targetId: id, moderatorId: admin.id });
      await notifyLive(tx, rideTopic(review.attraction_id));
      await notifyLive(tx, parkTopic(review.park_id));
      return { images: [] };
    });
    if ("ok" in deleted) return deleted;
    await deleteStoredImages(deps.imageStorage, deleted.images, deps.logger);
    return { ok: true };
  } catch (error) {
    deps.logger.error({ err: error }, "review deletion failed");
    return { ok: false, reason: "failed", error: { key: "admin.ratings.deleteFailed" } };
  }
}
