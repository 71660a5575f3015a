import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { readUploadParts } from "./read-upload-form";

/** A form sent more files than it may carry (the caller turns it into its own message). */
export class TooManyFilesError extends Error {
  override name = "TooManyFilesError";

  constructor(readonly maxFiles: number) {
    super(`More than ${maxFiles} files`);
  }
}

/** The whole body of a form with up to `maxFiles` images: every image at its limit, plus the text and the framing. */
export function maxBodyBytesForFiles(maxFiles: number): number {
  return maxFiles * IMAGE_MAX_BYTES + 1024 * 1024;
}

/**
 * readUploadForm for a form whose file input takes several images (a review's
 * photos): the same limits per file, per text and per part, enforced while
 * the body streams; the body limit grows with `maxFiles`. One file more than
 * `maxFiles` stops the reading with a TooManyFilesError.
 */
export async function readUploadFormWithFiles(
  request: Request,
  fileField: string,
  maxFiles: number,
): Promise<{ fields: FormData; files: Uint8Array[] }> {
  return readUploadParts(request, fileField, {
    maxFiles,
    maxBodyBytes: maxBodyBytesForFiles(maxFiles),
    tooManyFiles: () => new TooManyFilesError(maxFiles),
  });
}
