/**
 * Why an uploaded image was refused, as a code the form turns into a
 * translated message (`images.<code>`): too big a file, not an image we
 * accept, or more pixels than we are willing to decode.
 */
export type ImageUploadErrorCode = "tooLarge" | "notImage" | "tooManyPixels";

export class ImageUploadError extends Error {
  override name = "ImageUploadError";

  constructor(readonly code: ImageUploadErrorCode) {
    super(`Image refused: ${code}`);
  }
}
