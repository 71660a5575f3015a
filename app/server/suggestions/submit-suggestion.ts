import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { nameNeedsDuplicateCheck } from "~/domain/admin-park-form";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/contribution-limits";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage, FieldMessages, FormCheck } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import { rideTooFarFromPark } from "~/domain/location";
import { pickValues, suggestionChanges, type SuggestionKind, type ValuesOf } from "~/domain/suggested-changes";
import { checkRideSuggestionForm, checkParkSuggestionForm, type SuggestionDraft } from "~/domain/suggestion-forms";
import type { Database, Transaction } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rideSuggestions, parkSuggestions } from "../db/schema";
import { keepImageIfSaved, storeContributedImage, type ContributedImage } from "../contributions/contribution-upload";
import { isParkNameTaken } from "../contributions/park-names";
import { allowanceRefusal, allowanceSpent } from "../contributions/upload-allowance";
import { deleteStoredImage } from "../images/process-image";
import type { ImageStorage } from "../images/image-storage";
import { writeBarredMessage } from "../allowances/member-standing";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { findSuggestionTarget, type SuggestionTarget } from "./suggestion-targets";

export type SuggestionDeps = { db: Database; imageStorage: ImageStorage; logger: Logger; limits?: WriteLimits };

export type SuggestionOutcome =
  | { ok: true; id: string; replaced: boolean }
  | { ok: false; reason: "invalid" | "forbidden" | "notFound" | "conflict" | "tooLarge" | "tooMany" | "failed"; errors: FieldMessages };

type Refusal = Extract<SuggestionOutcome, { ok: false }>;

const refusal = (reason: Refusal["reason"], error: FieldMessage, field = "form"): Refusal => ({ ok: false, reason, errors: { [field]: [error] } });

const UNAVAILABLE: Record<SuggestionKind, FieldMessage> = {
  park: { key: "suggestions.errors.parkUnavailable" },
  attraction: { key: "suggestions.errors.attractionUnavailable" },
};

/**
 * A member's edit suggestion (docs/rules/suggestions.md#suggestion-form). The server
 * decides what changed: it reads the form's proposed values, compares them
 * with the target's row as it is when the suggestion is written, and stores
 * only the fields that differ (`suggested_changes`) with their values on the
 * target at that moment (`original_values`, which tells the moderator what
 * changed meanwhile). Nothing the browser says about what changed is read.
 *
 * One pending suggestion per member and target: a new one replaces it (the
 * member corrects their proposal; the administrator reviews one card, not a
 * pile), keeping the same row. Counted by the per-member daily cap
 * ("suggestion", write-limits.ts), looked at before the form and the picture
 * are, counted in the transaction; suspended members are refused. A picture
 * goes through the same streaming and re-encoding as a contribution's, and is
 * removed again when the suggestion is not saved or when it is replaced.
 */
export async function submitSuggestion(
  { db, imageStorage, logger, limits = WRITE_LIMITS }: SuggestionDeps,
  user: CurrentUser,
  kind: SuggestionKind,
  targetId: string,
  form: { fields: Record<string, string>; image: ContributedImage },
): Promise<SuggestionOutcome> {
  if (!isUuid(targetId)) return refusal("notFound", UNAVAILABLE[kind]);
  const barred = await writeBarredMessage(db, user.id);
  if (barred) return refusal("forbidden", barred);
  const spent = await allowanceRefusal(db, user.id, "suggestion", limits);
  if (spent) return refusal(spent.reason, spent.error);
  const read = readSuggestionForm(kind, form.fields);
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  // A first look outside the transaction: nothing to store (not even the picture) when nothing changed.
  const target = await findSuggestionTarget(db, kind, targetId);
  if (!target) return refusal("notFound", UNAVAILABLE[kind]);
  const firstLook = changesTo(target, read.data);
  if (!form.image && Object.keys(firstLook).length === 0) return refusal("invalid", { key: "suggestions.errors.noChanges" });
  const misplaced = positionRefusal(target, firstLook);
  if (misplaced) return misplaced;
  // A park may not take another park's name: said now rather than by the moderator at approval (which checks again).
  if (kind === "park" && typeof firstLook.name === "string" && (await nameTakenByAnotherPark(db, firstLook.name, target))) {
    return refusal("conflict", { key: "contribute.errors.parkExists" }, "name");
  }

  const image = await storeContributedImage(imageStorage, kind === "park" ? "park_images" : "attraction_images", form.image);
  if (!image.ok) return refusal(image.reason, image.error, "image");

  let replacedImage = null as string | null;
  const write = () =>
    transactionOrRefusal<SuggestionOutcome, Refusal>(db, async (tx, refuse) => {
      const current = await findSuggestionTarget(tx, kind, targetId);
      if (!current) return refuse(refusal("notFound", UNAVAILABLE[kind]));
      const changes: Record<string, unknown> = changesTo(current, read.data);
      if (image.reference) changes.imageUrl = image.reference;
      if (Object.keys(changes).length === 0) return refuse(refusal("invalid", { key: "suggestions.errors.noChanges" }));
      const misplacedNow = positionRefusal(current, changes);
      if (misplacedNow) return refuse(misplacedNow);
      if (!(await consumeWriteAllowance(tx, user.id, "suggestion", limits))) return refuse(refusal("tooMany", allowanceSpent("suggestion").error));
      const original = pickValues(current.values as Record<string, unknown>, Object.keys(changes));
      const saved = await savePending(tx, kind, user.id, targetId, { changes, original, reason: read.data.reason });
      replacedImage = saved.replacedImage;
      return { ok: true, id: saved.id, replaced: saved.replaced };
    });
  const outcome = await keepImageIfSaved(image, async () => {
    try {
      try {
        return await write();
      } catch (error) {
        // Two first suggestions of one member on one target at once: the unique index let one in; this one replaces it.
        if (!isUniqueViolation(error)) throw error;
        return await write();
      }
    } catch (error) {
      logger.error({ err: error }, "edit suggestion not saved");
      return refusal("failed", { key: "suggestions.errors.sendFailed" });
    }
  });
  // The replaced proposal's picture is nobody's any more once the new one is committed.
  if (outcome.ok && replacedImage) await deleteStoredImage(imageStorage, replacedImage).catch((error: unknown) => logger.warn({ err: error }, "replaced suggestion image not removed"));
  return outcome;
}

async function nameTakenByAnotherPark(db: Database, name: string, target: SuggestionTarget<SuggestionKind>): Promise<boolean> {
  return nameNeedsDuplicateCheck(name, target.name, DUPLICATE_CHECK_MIN_LENGTH) && isParkNameTaken(db, name, target.id);
}

/**
 * A ride's new position too far from its park's (docs/rules/catalogue.md#ride-position), said with the form's fields;
 * a position the suggestion leaves as it is is not checked again (the park may have been moved since it was set).
 */
function positionRefusal(target: SuggestionTarget<SuggestionKind>, changes: Record<string, unknown>): Refusal | null {
  if (target.kind !== "attraction" || typeof changes.latitude !== "number" || typeof changes.longitude !== "number") return null;
  const tooFar = rideTooFarFromPark({ latitude: changes.latitude, longitude: changes.longitude }, target.parkLocation);
  return tooFar ? refusal("invalid", tooFar, "latitude") : null;
}

function readSuggestionForm(kind: SuggestionKind, fields: Record<string, string>): FormCheck<string, SuggestionDraft<ValuesOf<SuggestionKind>>> {
  const year = new Date().getFullYear();
  return kind === "park" ? checkParkSuggestionForm(fields, year) : checkRideSuggestionForm(fields, year);
}

function changesTo(target: SuggestionTarget<SuggestionKind>, draft: SuggestionDraft<ValuesOf<SuggestionKind>>): Record<string, unknown> {
  return suggestionChanges(target.kind, target.values, draft.proposed);
}

type PendingValues = { changes: Record<string, unknown>; original: Record<string, unknown>; reason: string };

/**
 * Writes the member's pending suggestion on the target, replacing the one
 * already pending (locked first, so two tabs take turns; the partial unique
 * index settles two first suggestions sent at once).
 */
async function savePending(
  tx: Transaction,
  kind: SuggestionKind,
  userId: string,
  targetId: string,
  values: PendingValues,
): Promise<{ id: string; replaced: boolean; replacedImage: string | null }> {
  const table = kind === "park" ? parkSuggestions : rideSuggestions;
  const targetColumn = kind === "park" ? parkSuggestions.parkId : rideSuggestions.rideId;
  const mine = and(eq(table.suggestedBy, userId), eq(targetColumn, targetId), eq(table.status, "pending"));
  const [previous] = await tx
    .select({ id: table.id, changes: table.suggestedChanges })
    .from(table)
    .where(mine)
    .for("update");
  const row = { suggestedChanges: values.changes, originalValues: values.original, reason: values.reason };
  if (previous) {
    await tx.update(table).set({ ...row, createdAt: sql`now()` }).where(eq(table.id, previous.id));
    const previousImage = (previous.changes as { imageUrl?: unknown }).imageUrl;
    return { id: previous.id, replaced: true, replacedImage: typeof previousImage === "string" ? previousImage : null };
  }
  const inserted =
    kind === "park"
      ? await tx.insert(parkSuggestions).values({ ...row, suggestedBy: userId, parkId: targetId }).returning({ id: parkSuggestions.id })
      : await tx.insert(rideSuggestions).values({ ...row, suggestedBy: userId, rideId: targetId }).returning({ id: rideSuggestions.id });
  return { id: inserted[0]!.id, replaced: false, replacedImage: null };
}
