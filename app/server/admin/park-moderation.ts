import { and, eq, sql } from "drizzle-orm";
import { checkAdminParkForm, nameNeedsDuplicateCheck, type AdminParkField } from "~/domain/admin-park-form";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/contribution-limits";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage, FieldMessages, FormValues } from "~/domain/form-values";
import { parkTopic } from "~/domain/live-topics";
import { queryRows, type Database, type Transaction } from "../db/database";
import { idArray } from "../db/id-array";
import { contentModifications, parks } from "../db/schema";
import { isParkNameTaken } from "../contributions/park-names";
import { moveParkSlug } from "../catalog/slug-history";
import { notifyLive } from "../live/notify";
import { recomputeAggregates } from "../ratings/recompute-aggregates";
import { pendingSuggestionImages } from "../suggestions/pending-suggestion-images";
import { logModeration } from "./moderation-log";

/** A moderation action refused: nothing was written. */
type ParkModerationRefusal = { ok: false; reason: "invalid" | "conflict"; error: FieldMessage; fields?: FieldMessages<AdminParkField> };
export type ParkModerationOutcome = { ok: true } | ParkModerationRefusal;

/** The longest rejection reason kept (a moderation log's details). */
const REASON_MAX = 1000;

const stale = (): ParkModerationRefusal => ({ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } });

/**
 * Approves a pending park (docs/rules/back-office.md#moderation-states): approved, its rejection reason
 * cleared, its author's contribution record approved too, and the log row,
 * in one transaction. The write states what it expects — still pending —, so
 * a park moderated meanwhile (another tab) is refused as stale, untouched.
 * The public lists, search and sitemap read the status itself
 * (catalog/visibility.ts): the park is in them as soon as this commits.
 */
export async function approvePark(db: Database, moderator: CurrentUser, parkId: string): Promise<ParkModerationOutcome> {
  return db.transaction(async (tx) => {
    const moderated = await moderate(tx, parkId, "approved", null);
    if (!moderated) return stale();
    await logModeration(tx, { action: "approve", targetType: "park", targetId: parkId, moderatorId: moderator.id });
    return { ok: true } as const;
  });
}

/** Rejects a pending park with its reason (required, trimmed; docs/rules/back-office.md#moderation-states), as approvePark does. */
export async function rejectPark(db: Database, moderator: CurrentUser, parkId: string, rawReason: string): Promise<ParkModerationOutcome> {
  const reason = rawReason.trim();
  if (reason === "") return { ok: false, reason: "invalid", error: { key: "admin.errors.reasonRequired" } };
  if (reason.length > REASON_MAX) return { ok: false, reason: "invalid", error: { key: "contribute.errors.tooLong", values: { max: REASON_MAX } } };
  return db.transaction(async (tx) => {
    const moderated = await moderate(tx, parkId, "rejected", reason);
    if (!moderated) return stale();
    await logModeration(tx, { action: "reject", targetType: "park", targetId: parkId, moderatorId: moderator.id, details: reason });
    return { ok: true } as const;
  });
}

async function moderate(tx: Transaction, parkId: string, status: "approved" | "rejected", reason: string | null): Promise<boolean> {
  const [park] = await tx
    .update(parks)
    .set({ moderationStatus: status, rejectionReason: reason, updatedAt: new Date() })
    .where(and(eq(parks.id, parkId), eq(parks.moderationStatus, "pending")))
    .returning({ id: parks.id });
  if (!park) return false;
  // The author's record of adding it: member badges count the approved ones.
  await tx
    .update(contentModifications)
    .set({ status })
    .where(and(eq(contentModifications.targetType, "park"), eq(contentModifications.targetId, parkId), eq(contentModifications.action, "create")));
  return true;
}

/**
 * 'Modifier {name}' (docs/rules/back-office.md#admin-park-edit): the form's rules, the
 * duplicate-name check when the name changed (excluding the park itself),
 * then the park and the log row in one transaction. A rename that changes
 * the name's slug moves the park to its new address (moveParkSlug); the old
 * one, and its rides' old addresses, redirect there for good.
 */
export async function updatePark(db: Database, moderator: CurrentUser, parkId: string, values: FormValues): Promise<ParkModerationOutcome> {
  const read = checkAdminParkForm(values, new Date().getFullYear());
  if (!read.ok) return { ok: false, reason: "invalid", error: { key: "admin.parks.errors.checkFields" }, fields: read.errors };
  const draft = read.data;
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ name: parks.name }).from(parks).where(eq(parks.id, parkId)).for("update");
    if (!current) return stale();
    if (nameNeedsDuplicateCheck(draft.name, current.name, DUPLICATE_CHECK_MIN_LENGTH) && (await isParkNameTaken(tx, draft.name, parkId))) {
      return { ok: false, reason: "conflict", error: { key: "admin.parks.errors.checkFields" }, fields: { name: [{ key: "contribute.errors.parkExists" }] } } as const;
    }
    await tx
      .update(parks)
      .set({ ...draft, updatedAt: new Date() })
      .where(eq(parks.id, parkId));
    if (draft.name !== current.name) await moveParkSlug(tx, parkId, draft.name);
    await logModeration(tx, { action: "update", targetType: "park", targetId: parkId, moderatorId: moderator.id });
    await notifyLive(tx, parkTopic(parkId));
    return { ok: true } as const;
  });
}

export type ParkDeletion = { ok: true; imageReferences: string[] } | ParkModerationRefusal;

/**
 * Deletes a park (docs/rules/back-office.md#park-management) in ONE transaction: the park locked first
 * (rating writes lock their park first, so none slips in between), its rides
 * and every rating of both cascade (triggers take their votes and reports),
 * the contribution records of the park and its rides go, and the figures of
 * the members whose ratings went — already moved by the row triggers, cascades
 * included — are recomputed to the same values (recomputeAggregates, the
 * reference definition); then the log row, which
 * keeps the park's name. No surviving review loses a vote and no other park
 * or ride loses a rating, so members are the whole scope. Returns the stored
 * images that were the park's (its image, its rides', its reviews' photos, pending suggestions' pictures),
 * to remove once committed.
 */
export async function deletePark(db: Database, moderator: CurrentUser, parkId: string): Promise<ParkDeletion> {
  return db.transaction(async (tx) => {
    const [park] = await tx.select({ name: parks.name, imageUrl: parks.imageUrl }).from(parks).where(eq(parks.id, parkId)).for("update");
    if (!park) return stale();
    const rides = await queryRows<{ id: string; image_url: string | null }>(tx, sql`SELECT id, image_url FROM attractions WHERE park_id = ${parkId}`);
    const rideIds = rides.map((ride) => ride.id);
    const raters = await queryRows<{ user_id: string; images: string[] | null }>(
      tx,
      sql`SELECT user_id, images FROM park_ratings WHERE park_id = ${parkId}
        UNION ALL SELECT user_id, NULL FROM attraction_ratings WHERE attraction_id = ANY(${idArray(rideIds)}::uuid[])`,
    );
    const userIds = [...new Set(raters.map((row) => row.user_id))].sort();

    const suggestionImages = await pendingSuggestionImages(tx, { parkIds: [parkId] });
    await tx.delete(parks).where(eq(parks.id, parkId));
    // Contribution records have no foreign key (their target is a park or a ride).
    await tx.execute(sql`DELETE FROM content_modifications WHERE target_id = ANY(${idArray([parkId, ...rideIds])}::uuid[])`);
    await recomputeAggregates(tx, { userIds, parkIds: [], rideIds: [], reviewIds: [] });
    await logModeration(tx, { action: "delete", targetType: "park", targetId: parkId, moderatorId: moderator.id, details: park.name });
    await notifyLive(tx, parkTopic(parkId));

    const imageReferences = [park.imageUrl, ...rides.map((ride) => ride.image_url), ...raters.flatMap((row) => row.images ?? []), ...suggestionImages].filter(
      (reference): reference is string => Boolean(reference),
    );
    return { ok: true, imageReferences } as const;
  });
}
