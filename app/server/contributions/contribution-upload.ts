import type { FieldMessage } from "~/domain/form-values";
import { deleteStoredImage, storeImage } from "../images/process-image";
import { ImageUploadError } from "../images/image-upload-error";
import type { ImageStorage } from "../images/image-storage";
import { readUploadForm } from "../images/read-upload-form";

export type UploadRefusal = { ok: false; reason: "invalid" | "tooLarge"; error: FieldMessage };

const REFUSALS: Record<ImageUploadError["code"], UploadRefusal> = {
  tooLarge: { ok: false, reason: "tooLarge", error: { key: "images.tooLarge" } },
  notImage: { ok: false, reason: "invalid", error: { key: "images.notImage" } },
  tooManyPixels: { ok: false, reason: "invalid", error: { key: "images.tooManyPixels" } },
};

/** The form message for an upload refused by the image pipeline; anything else is rethrown. */
export function refusalOf(error: unknown): UploadRefusal {
  if (error instanceof ImageUploadError) return REFUSALS[error.code];
  throw error;
}

/** A contribution form's text fields and its optional image, read with the upload limits enforced while streaming. */
export async function readContributionForm(
  request: Request,
): Promise<{ ok: true; fields: Record<string, string>; image: Uint8Array | null } | UploadRefusal> {
  try {
    const { fields, image } = await readUploadForm(request, "image");
    const texts: Record<string, string> = {};
    for (const [name, value] of fields) if (typeof value === "string") texts[name] = value;
    return { ok: true, fields: texts, image };
  } catch (error) {
    return refusalOf(error);
  }
}

export type ContributedImage = Uint8Array | null;

type StoredContributedImage = { reference: string | null; discard: () => Promise<void> };

/**
 * Stores the contributed image (if any) before the database write, and gives
 * back a way to remove it again should that write fail.
 */
export async function storeContributedImage(
  storage: ImageStorage,
  bucket: "park_images" | "attraction_images",
  bytes: ContributedImage,
): Promise<({ ok: true } & StoredContributedImage) | UploadRefusal> {
  if (!bytes) return { ok: true, reference: null, discard: async () => {} };
  try {
    const reference = await storeImage(storage, bucket, bytes);
    return { ok: true, reference, discard: () => deleteStoredImage(storage, reference).catch(() => {}) };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Runs the write that refers to the stored image and keeps the image only if
 * that write succeeds: a refusal it returns (a duplicate found inside its
 * transaction) and an error it throws both remove the image again, so no
 * refusal path can leave files behind.
 */
export async function keepImageIfSaved<Outcome extends { ok: boolean }>(
  image: StoredContributedImage,
  write: () => Promise<Outcome>,
): Promise<Outcome> {
  let outcome: Outcome;
  try {
    outcome = await write();
  } catch (error) {
    await image.discard();
    throw error;
  }
  if (!outcome.ok) await image.discard();
  return outcome;
}
