import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { nameNeedsDuplicateCheck } from "~/domain/admin-park-form";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/contribution-limits";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import {
  fieldsChangedSince,
  type RideValues,
  type ParkValues,
  type SuggestionField,
  type SuggestionKind,
} from "~/domain/suggested-changes";
import { SUGGESTION_REASON_MAX } from "~/domain/suggestion-forms";
import type { Database, Transaction } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rideSuggestions, rides, contentModifications, parkSuggestions, parks } from "../db/schema";
import { moveRideSlug, moveParkSlug } from "../catalog/slug-history";
import { isParkNameTaken } from "../contributions/park-names";
import type { ImageStorage } from "../images/image-storage";
import { notifyLive } from "../live/notify";
import { recomputeAggregates } from "../ratings/recompute-aggregates";
import { deleteStoredImages } from "../images/delete-stored-images";
import { logModeration } from "../admin/moderation-log";
import { rideColumnsOf, findSuggestionTarget, type SuggestionTarget } from "./suggestion-targets";

export type SuggestionModerationDeps = { db: Database; imageStorage: ImageStorage; logger: Logger };

export type SuggestionModeration =
  | { ok: true }
  | { ok: false; reason: "invalid" | "notFound" | "conflict"; error: FieldMessage; changedMeanwhile?: SuggestionField[] };

type Refusal = Extract<SuggestionModeration, { ok: false }>;

const STALE: Refusal = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };

/** A decision committed, and the stored pictures nobody refers to any more, to remove once it is. */
type Decided = { ok: true; unusedImages: string[] };

function tableOf(kind: SuggestionKind) {
  return kind === "park"
    ? { table: parkSuggestions, target: parkSuggestions.parkId }
    : { table: rideSuggestions, target: rideSuggestions.rideId };
}

/**
 * Approves a pending edit suggestion (docs/rules/suggestions.md#moderation): in ONE
 * transaction the target's changes, the suggestion's status and moderator,
 * the moderation log row and the suggester's `content_modifications` record
 * (action update, approved: the contributors' leaderboard and the approved
 * suggestions badge count it). When description_fr changes, the plain
 * description takes it (docs/rules/catalogue.md#descriptions; the English text when the French one is cleared).
 * A ride whose status changes moves its park's figures (recomputed here).
 *
 * The target is locked (park, then ride) before it is compared: a field whose
 * value is no longer the one the member saw was changed meanwhile, and is
 * only overwritten when the moderator confirmed it (`confirmedFields`);
 * otherwise a conflict names those fields and nothing is written. A suggestion
 * already moderated (another tab) is refused as stale.
 */
export async function approveSuggestion(
  deps: SuggestionModerationDeps,
  moderator: CurrentUser,
  kind: SuggestionKind,
  id: string,
  confirmedFields: readonly string[],
): Promise<SuggestionModeration> {
  if (!isUuid(id)) return STALE;
  const { table, target: targetColumn } = tableOf(kind);
  const outcome = await approveIn(deps.db, async (tx, refuse) => {
    const [pointer] = await tx.select({ targetId: targetColumn }).from(table).where(eq(table.id, id));
    if (!pointer) return refuse(STALE);
    const target = await findSuggestionTarget(tx, kind, pointer.targetId, { lock: tx });
    if (!target) return refuse({ ok: false, reason: "notFound", error: { key: `suggestions.errors.${kind}Unavailable` } });
    const [suggestion] = await tx
      .select({ changes: table.suggestedChanges, original: table.originalValues, suggestedBy: table.suggestedBy })
      .from(table)
      .where(and(eq(table.id, id), eq(table.status, "pending")))
      .for("update");
    if (!suggestion) return refuse(STALE);

    const changes = suggestion.changes as Record<string, unknown>;
    const meanwhile = fieldsChangedSince(suggestion.original as Record<string, unknown>, target.values as Record<string, unknown>) as SuggestionField[];
    if (meanwhile.some((field) => !confirmedFields.includes(field))) {
      return refuse({ ok: false, reason: "conflict", error: { key: "suggestions.errors.changedMeanwhile" }, changedMeanwhile: meanwhile });
    }
    const refusal = await applyChanges(tx, target, changes);
    if (refusal) return refuse(refusal);

    await tx
      .update(table)
      .set({ status: "approved", moderatedBy: moderator.id, moderatedAt: sql`now()`, moderationReason: null })
      .where(eq(table.id, id));
    await tx.insert(contentModifications).values({
      userId: suggestion.suggestedBy,
      targetType: kind,
      targetId: target.id,
      action: "update",
      status: "approved",
    });
    await logModeration(tx, { action: "approve", targetType: "suggestion", targetId: id, moderatorId: moderator.id, details: target.name });
    await notifyLive(tx, parkTopic(target.parkId));
    if (kind === "attraction") await notifyLive(tx, rideTopic(target.id));
    // A new picture takes the place of the old one, which nothing else refers to.
    const replacedImage = "imageUrl" in changes ? target.values.imageUrl : null;
    return { ok: true, unusedImages: replacedImage ? [replacedImage] : [] };
  });
  return settle(deps, outcome);
}

/**
 * Rejects a pending suggestion (docs/rules/suggestions.md#moderation): status, moderator and the
 * optional reason the member will read, with the log row; its proposed
 * picture, if any, is removed once that is committed.
 */
export async function rejectSuggestion(
  deps: SuggestionModerationDeps,
  moderator: CurrentUser,
  kind: SuggestionKind,
  id: string,
  rawReason: string,
): Promise<SuggestionModeration> {
  const reason = rawReason.trim();
  if (reason.length > SUGGESTION_REASON_MAX) {
    return { ok: false, reason: "invalid", error: { key: "contribute.errors.tooLong", values: { max: SUGGESTION_REASON_MAX } } };
  }
  if (!isUuid(id)) return STALE;
  const { table } = tableOf(kind);
  const outcome = await transactionOrRefusal<Decided, Refusal>(deps.db, async (tx, refuse) => {
    const [rejected] = await tx
      .update(table)
      .set({ status: "rejected", moderatedBy: moderator.id, moderatedAt: sql`now()`, moderationReason: reason || null })
      .where(and(eq(table.id, id), eq(table.status, "pending")))
      .returning({ changes: table.suggestedChanges });
    if (!rejected) return refuse(STALE);
    await logModeration(tx, { action: "reject", targetType: "suggestion", targetId: id, moderatorId: moderator.id, details: reason || null });
    const proposedImage = (rejected.changes as { imageUrl?: unknown }).imageUrl;
    return { ok: true, unusedImages: typeof proposedImage === "string" ? [proposedImage] : [] };
  });
  return settle(deps, outcome);
}

/**
 * The approval's transaction. Two renames giving one address at the same
 * moment: the slug's unique index refuses the second, which is then stale
 * (the moderator sees the page again with today's values).
 */
async function approveIn(db: Database, work: (tx: Transaction, refuse: (outcome: Refusal) => never) => Promise<Decided>): Promise<Decided | Refusal> {
  try {
    return await transactionOrRefusal<Decided, Refusal>(db, work);
  } catch (error) {
    if (isUniqueViolation(error)) return STALE;
    throw error;
  }
}

async function settle(deps: SuggestionModerationDeps, outcome: Decided | Refusal): Promise<SuggestionModeration> {
  if (!outcome.ok) return outcome;
  await deleteStoredImages(deps.imageStorage, outcome.unusedImages, deps.logger);
  return { ok: true };
}

/** Writes the changes on the locked target; a refusal when they no longer fit (a park name taken since). */
async function applyChanges(tx: Transaction, target: SuggestionTarget<SuggestionKind>, changes: Record<string, unknown>): Promise<Refusal | null> {
  const described = describedColumns(target.values, changes);
  if (target.kind === "park") {
    const parkChanges = changes as Partial<ParkValues>;
    if (
      parkChanges.name !== undefined &&
      nameNeedsDuplicateCheck(parkChanges.name, target.name, DUPLICATE_CHECK_MIN_LENGTH) &&
      (await isParkNameTaken(tx, parkChanges.name, target.id))
    ) {
      return { ok: false, reason: "conflict", error: { key: "contribute.errors.parkExists" } };
    }
    await tx
      .update(parks)
      .set({ ...parkChanges, ...described, updatedAt: sql`now()` })
      .where(eq(parks.id, target.id));
    // A new name moves the park's address; the old one answers with a redirect (decision 0019).
    if (parkChanges.name !== undefined) await moveParkSlug(tx, target.id, parkChanges.name);
    return null;
  }
  const rideChanges = changes as Partial<RideValues>;
  await tx
    .update(rides)
    .set({ ...rideColumnsOf(rideChanges), ...described, updatedAt: sql`now()` })
    .where(eq(rides.id, target.id));
  if (rideChanges.name !== undefined) await moveRideSlug(tx, target.id, rideChanges.name);
  // Only operating rides count in their park's figures.
  if (rideChanges.status !== undefined && rideChanges.status !== (target.values as RideValues).status) {
    await recomputeAggregates(tx, { parkIds: [target.parkId], rideIds: [], reviewIds: [], userIds: [] });
  }
  return null;
}

/** The plain description follows the French one, else the English one, whenever either changes (docs/rules/catalogue.md#descriptions). */
function describedColumns(current: ParkValues | RideValues, changes: Record<string, unknown>): { description?: string | null } {
  if (!("descriptionFr" in changes) && !("descriptionEn" in changes)) return {};
  const french = "descriptionFr" in changes ? (changes.descriptionFr as string | null) : current.descriptionFr;
  const english = "descriptionEn" in changes ? (changes.descriptionEn as string | null) : current.descriptionEn;
  return { description: french ?? english };
}
