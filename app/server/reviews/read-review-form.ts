import { MAX_REVIEW_PHOTOS } from "~/domain/rating-rules";
import { refusalOf, type UploadRefusal } from "../contributions/contribution-upload";
import { TooManyFilesError, readUploadFormWithFiles } from "../images/read-upload-form-files";

/** A park review's fields and its photos (up to 5), with the upload limits enforced while streaming. */
export async function readReviewForm(
  request: Request,
): Promise<{ ok: true; fields: Record<string, string>; images: Uint8Array[] } | UploadRefusal> {
  try {
    const { fields, files } = await readUploadFormWithFiles(request, "photos", MAX_REVIEW_PHOTOS);
    const texts: Record<string, string> = {};
    for (const [name, value] of fields) if (typeof value === "string") texts[name] = value;
    return { ok: true, fields: texts, images: files };
  } catch (error) {
    if (error instanceof TooManyFilesError) {
      return { ok: false, reason: "invalid", error: { key: "ratings.errors.tooManyPhotos", values: { max: MAX_REVIEW_PHOTOS } } };
    }
    return refusalOf(error);
  }
}
