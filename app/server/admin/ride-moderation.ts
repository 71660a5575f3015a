import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { checkAdminRideForm, type AdminRideField } from "~/domain/admin-ride-form";
import { rideTypeId } from "~/domain/ride-types";
import { manufacturerIdOf } from "~/domain/manufacturer-list";
import type { FieldMessage, FieldMessages, FormValues } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import { rideTooFarFromPark, roundCoordinate } from "~/domain/location";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import type { Database, Transaction } from "../db/database";
import { queryRows } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rides, contentModifications, parks } from "../db/schema";
import type { ImageStorage } from "../images/image-storage";
import { moveRideSlug } from "../catalog/slug-history";
import { notifyLive } from "../live/notify";
import { recomputeAggregates } from "../ratings/recompute-aggregates";
import { deleteStoredImages } from "../images/delete-stored-images";
import { pendingSuggestionImages } from "../suggestions/pending-suggestion-images";
import { logModeration } from "./moderation-log";

export type RideModeration =
  | { ok: true }
  | { ok: false; reason: "invalid" | "notFound" | "conflict"; error: FieldMessage; fields?: FieldMessages<AdminRideField> };

const STALE: RideModeration = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };

/**
 * The administrator's decisions on a ride (docs/rules/back-office.md#moderation-states): approve or reject a
 * pending one, edit one, delete one. Each is ONE transaction with its
 * moderation log row and the aggregates it moves — a park's figures
 * (attractions_count, rated_attractions_count, attractions_average_sum) count
 * only approved rides, operating ones for the first, so they are recomputed
 * with recomputeAggregates, their one definition. Locks follow the rating
 * writes' order, park then ride, so that no rating lands between the recount
 * and the commit. A ride that is no longer in the state the screen showed
 * (moderated in another tab, deleted) changes nothing: `admin.errors.stale`.
 */
export async function approveRide(db: Database, moderatorId: string, id: string): Promise<RideModeration> {
  return decide(db, moderatorId, id, { status: "approved", reason: null });
}

export async function rejectRide(db: Database, moderatorId: string, id: string, reason: string): Promise<RideModeration> {
  const trimmed = reason.trim();
  if (!trimmed) return { ok: false, reason: "invalid", error: { key: "admin.errors.reasonRequired" } };
  return decide(db, moderatorId, id, { status: "rejected", reason: trimmed });
}

async function decide(
  db: Database,
  moderatorId: string,
  id: string,
  decision: { status: "approved" | "rejected"; reason: string | null },
): Promise<RideModeration> {
  if (!isUuid(id)) return STALE;
  return transactionOrRefusal<RideModeration, RideModeration>(db, async (tx, refuse) => {
    const parkId = await lockParkOf(tx, id);
    if (!parkId) return refuse(STALE);
    const [changed] = await tx
      .update(rides)
      .set({ moderationStatus: decision.status, rejectionReason: decision.reason, updatedAt: sql`now()` })
      .where(and(eq(rides.id, id), eq(rides.parkId, parkId), eq(rides.moderationStatus, "pending")))
      .returning({ id: rides.id });
    if (!changed) return refuse(STALE);
    // The author's contribution record follows (profile badges count the approved ones).
    await tx
      .update(contentModifications)
      .set({ status: decision.status })
      .where(and(eq(contentModifications.targetType, "attraction"), eq(contentModifications.targetId, id), eq(contentModifications.status, "pending")));
    await logModeration(tx, { action: decision.status === "approved" ? "approve" : "reject", targetType: "attraction", targetId: id, moderatorId, details: decision.reason });
    await recomputeAggregates(tx, { parkIds: [parkId], rideIds: [], reviewIds: [], userIds: [] });
    await notifyLive(tx, parkTopic(parkId));
    return { ok: true };
  });
}

/**
 * The admin edit form (docs/rules/back-office.md#admin-ride-edit). A rename
 * that changes the name's slug moves the ride to its new address within its
 * park (moveRideSlug); the old one redirects there for good. When the ride
 * goes from operating to removed or back, its park's count of operating rides
 * moves: recomputed in the same transaction.
 */
export async function updateRide(db: Database, moderatorId: string, id: string, values: FormValues): Promise<RideModeration> {
  const read = checkAdminRideForm(values, new Date().getFullYear());
  if (!read.ok) return { ok: false, reason: "invalid", error: { key: "admin.attractions.errors.updateForm" }, fields: read.errors };
  if (!isUuid(id)) return STALE;
  const { type, videoId, manufacturer, ...draft } = read.data;
  return transactionOrRefusal<RideModeration, RideModeration>(db, async (tx, refuse) => {
    const parkId = await lockParkOf(tx, id);
    if (!parkId) return refuse(STALE);
    const [before] = await tx
      .select({
        status: rides.status,
        name: rides.name,
        latitude: rides.latitude,
        longitude: rides.longitude,
        park: { latitude: parks.latitude, longitude: parks.longitude },
      })
      .from(rides)
      .innerJoin(parks, eq(parks.id, rides.parkId))
      .where(and(eq(rides.id, id), eq(rides.parkId, parkId)))
      .for("update", { of: rides });
    if (!before) return refuse(STALE);
    // A position moved is checked against the park's (docs/rules/catalogue.md#ride-position); one kept as it is is not
    // (the park may have been moved since it was set).
    const kept = (typed: number | null, stored: number | null) => (typed === null ? stored === null : stored !== null && typed === roundCoordinate(stored));
    const moved = !kept(draft.latitude, before.latitude) || !kept(draft.longitude, before.longitude);
    const tooFar = moved ? rideTooFarFromPark(draft, before.park) : null;
    if (tooFar) return refuse({ ok: false, reason: "invalid", error: { key: "admin.attractions.errors.updateForm" }, fields: { latitude: [tooFar] } });
    await tx
      .update(rides)
      .set({
        ...draft,
        typeId: rideTypeId(type),
        manufacturerId: manufacturer === null ? null : manufacturerIdOf(manufacturer),
        youtubeUrl: videoId,
        updatedAt: sql`now()`,
      })
      .where(eq(rides.id, id));
    if (draft.name !== before.name) await moveRideSlug(tx, id, draft.name);
    await logModeration(tx, { action: "update", targetType: "attraction", targetId: id, moderatorId });
    if (before.status !== draft.status) await recomputeAggregates(tx, { parkIds: [parkId], rideIds: [], reviewIds: [], userIds: [] });
    await notifyLive(tx, parkTopic(parkId));
    await notifyLive(tx, rideTopic(id));
    return { ok: true };
  });
}

export type RideDeletionDeps = { db: Database; imageStorage: ImageStorage; logger: Logger };

/**
 * Deletes a ride: its reviews cascade (triggers take their votes and reports),
 * so the park's figures are recomputed, and the reviewers' figures too (the
 * row triggers have already moved them: the same values); the
 * contribution records of it go too (no foreign key: polymorphic target).
 * The ride's image, and those of pending suggestions on it, leave storage once the deletion is committed.
 */
export async function deleteRide(deps: RideDeletionDeps, moderatorId: string, id: string): Promise<RideModeration> {
  if (!isUuid(id)) return STALE;
  const outcome = await transactionOrRefusal<{ ok: true; images: string[] }, RideModeration>(deps.db, async (tx, refuse) => {
    const parkId = await lockParkOf(tx, id);
    if (!parkId) return refuse(STALE);
    const [ride] = await tx
      .select({ imageUrl: rides.imageUrl })
      .from(rides)
      .where(and(eq(rides.id, id), eq(rides.parkId, parkId)))
      .for("update");
    if (!ride) return refuse(STALE);
    const raters = await queryRows<{ user_id: string }>(tx, sql`SELECT DISTINCT user_id FROM attraction_ratings WHERE attraction_id = ${id}`);
    const suggestionImages = await pendingSuggestionImages(tx, { rideIds: [id] });
    await tx.delete(rides).where(eq(rides.id, id));
    await tx.delete(contentModifications).where(and(eq(contentModifications.targetType, "attraction"), eq(contentModifications.targetId, id)));
    await recomputeAggregates(tx, { parkIds: [parkId], rideIds: [], reviewIds: [], userIds: raters.map((row) => row.user_id).sort() });
    await logModeration(tx, { action: "delete", targetType: "attraction", targetId: id, moderatorId });
    await notifyLive(tx, parkTopic(parkId));
    return { ok: true as const, images: [...(ride.imageUrl ? [ride.imageUrl] : []), ...suggestionImages] };
  });
  if (!("images" in outcome)) return outcome;
  await deleteStoredImages(deps.imageStorage, outcome.images, deps.logger);
  return { ok: true };
}

/** Locks the ride's park (the first lock of every rating write) and answers its id; null when the ride is gone. */
async function lockParkOf(tx: Transaction, rideId: string): Promise<string | null> {
  const [ride] = await tx.select({ parkId: rides.parkId }).from(rides).where(eq(rides.id, rideId));
  if (!ride) return null;
  await tx.execute(sql`SELECT id FROM parks WHERE id = ${ride.parkId} FOR UPDATE`);
  return ride.parkId;
}
