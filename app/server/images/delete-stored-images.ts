import type { Logger } from "pino";
import type { ImageStorage } from "./image-storage";
import { deleteStoredImage } from "./process-image";

/**
 * Removes stored images once the rows that named them are gone: a review's photos, a park's or a ride's picture, a
 * suggestion's unused one, a deleted member's. One that cannot be removed is logged (with its reference, which names
 * it) and left behind rather than failing a request whose write is done.
 */
export async function deleteStoredImages(storage: ImageStorage, references: readonly string[], logger: Logger): Promise<void> {
  const results = await Promise.allSettled(references.map((reference) => deleteStoredImage(storage, reference)));
  for (const [index, result] of results.entries()) {
    if (result.status === "rejected") logger.warn({ err: result.reason, reference: references[index] }, "stored image not removed");
  }
}
