import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessages } from "~/domain/form-values";
import { checkParkForm, type ParkField } from "~/domain/park-form";
import { isReservedSlug } from "~/domain/slug";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { parks } from "../db/schema";
import type { ImageStorage } from "../images/image-storage";
import { freeParkSlug, slugBase } from "../catalog/free-slugs";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";
import { isParkNameTaken } from "./park-names";
import { initialModerationStatus, recordContribution } from "./record-contribution";
import { keepImageIfSaved, storeContributedImage, type ContributedImage } from "./contribution-upload";
import { allowanceRefusal, allowanceSpent } from "./upload-allowance";

export type ContributionDeps = { db: Database; imageStorage: ImageStorage; logger: Logger; limits?: WriteLimits };

export type ContributionOutcome<Field extends string> =
  | { ok: true; id: string; slug: string; moderationStatus: "pending" | "approved" }
  | { ok: false; reason: "invalid" | "forbidden" | "notFound" | "conflict" | "tooLarge" | "tooMany" | "failed"; errors: FieldMessages<Field> };

/**
 * "Ajouter un parc" (docs/rules/catalogue.md#adding-a-park): the member's daily allowance ("park",
 * write-limits.ts), the form's rules, the duplicate-name check, the image,
 * then the allowance counted, the park and its content_modifications row in
 * one transaction. Nothing is written when anything fails or is refused, not
 * even the image.
 */
export async function createPark(
  { db, imageStorage, logger, limits = WRITE_LIMITS }: ContributionDeps,
  user: CurrentUser,
  form: { fields: Record<string, string>; image: ContributedImage },
): Promise<ContributionOutcome<ParkField>> {
  const spent = await allowanceRefusal(db, user.id, "park", limits);
  if (spent) return tooManyParks();
  const read = checkParkForm(form.fields, new Date().getFullYear());
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  const { data: draft } = read;
  if (await isParkNameTaken(db, draft.name)) return parkExists();

  const image = await storeContributedImage(imageStorage, "park_images", form.image);
  if (!image.ok) return { ok: false, reason: image.reason, errors: { image: [image.error] } };

  return keepImageIfSaved(image, async () => {
    try {
      return await transactionOrRefusal<ContributionOutcome<ParkField>, ContributionOutcome<ParkField>>(db, async (tx, refuse) => {
        const base = slugBase(draft.name, "parc");
        const free = await freeParkSlug(tx, base);
        // Numbering moves a name off a reserved address or another park's old one: a park living at this
        // address is the same park, added since the duplicate check (two people submitting at once).
        if (!isReservedSlug(base) && free.liveAtBase) return refuse(parkExists());
        if (!(await consumeWriteAllowance(tx, user.id, "park", limits))) return refuse(tooManyParks());
        const moderationStatus = await initialModerationStatus(tx, user);
        const [park] = await tx
          .insert(parks)
          .values({
            ...draft,
            slug: free.slug,
            imageUrl: image.reference,
            createdBy: user.id,
            moderationStatus,
          })
          .returning({ id: parks.id, slug: parks.slug });
        await recordContribution(tx, user, { type: "park", id: park!.id, name: draft.name }, moderationStatus);
        return { ok: true as const, id: park!.id, slug: park!.slug, moderationStatus };
      });
    } catch (error) {
      // Two people adding the same park at once: the slug's unique index decides.
      if (isUniqueViolation(error)) return parkExists();
      logger.error({ err: error }, "park creation failed");
      return { ok: false, reason: "failed", errors: { form: [{ key: "contribute.errors.parkCreationFailed" }] } };
    }
  });
}

function tooManyParks(): ContributionOutcome<ParkField> {
  const { reason, error } = allowanceSpent("park");
  return { ok: false, reason, errors: { form: [error] } };
}

function parkExists(): ContributionOutcome<ParkField> {
  return { ok: false, reason: "conflict", errors: { name: [{ key: "contribute.errors.parkExists" }] } };
}
