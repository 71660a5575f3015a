import type { Logger } from "pino";
import type { FieldMessage } from "~/domain/form-values";
import { MAX_REVIEW_PHOTOS } from "~/domain/rating-rules";
import { ImageUploadError } from "../images/image-upload-error";
import type { ImageStorage } from "../images/image-storage";
import { deleteStoredImages } from "../images/delete-stored-images";
import { storeImage } from "../images/process-image";

type PhotoRefusal = { ok: false; reason: "invalid" | "tooLarge"; error: FieldMessage };

const IMAGE_REFUSALS: Record<ImageUploadError["code"], PhotoRefusal> = {
  tooLarge: { ok: false, reason: "tooLarge", error: { key: "images.tooLarge" } },
  notImage: { ok: false, reason: "invalid", error: { key: "images.notImage" } },
  tooManyPixels: { ok: false, reason: "invalid", error: { key: "images.tooManyPixels" } },
};

export function tooManyPhotos(): FieldMessage {
  return { key: "ratings.errors.tooManyPhotos", values: { max: MAX_REVIEW_PHOTOS } };
}

/**
 * Stores a review's photos before its database write, one after the other (a
 * decoded photo may take 160 MB), and gives back a way to remove them again
 * should that write fail or be refused. One bad photo refuses them all.
 */
export async function storeRatingPhotos(
  storage: ImageStorage,
  images: readonly Uint8Array[],
  logger: Logger,
): Promise<{ ok: true; references: string[]; discard: () => Promise<void> } | PhotoRefusal> {
  const references: string[] = [];
  const discard = () => deleteStoredImages(storage, references, logger);
  try {
    for (const bytes of images) references.push(await storeImage(storage, "park_images", bytes));
  } catch (error) {
    await discard();
    if (error instanceof ImageUploadError) return IMAGE_REFUSALS[error.code];
    throw error;
  }
  return { ok: true, references, discard };
}
