/**
 * What `park.image_url` / `attraction.image_url` hold, and how a page turns it
 * into image addresses without another query (docs/decisions/0005):
 *
 *   img:v1:<bucket>/<id>:<width>,<width>,…:<width>x<height>
 *   e.g. img:v1:park_images/0f1e…9a:400,800,1600:2400x1600
 *
 * The widths (ascending) are the renditions stored, each in AVIF and WebP
 * under the key `<bucket>/<id>-<width>.<format>` and served at `/images/<key>`;
 * the last part is the picture's size after EXIF rotation, for its aspect ratio.
 * Older rows may hold a plain http(s) address instead: one image, no srcset.
 */

export type ImageBucket = "park_images" | "attraction_images";

export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type StoredImage = {
  kind: "stored";
  bucket: ImageBucket;
  id: string;
  /** Rendition widths, ascending. */
  widths: number[];
  width: number;
  height: number;
};
type ExternalImage = { kind: "external"; url: string };
export type ImageReference = StoredImage | ExternalImage;

/** Where the image route serves stored renditions. */
const IMAGE_URL_PREFIX = "/images/";

/** The only keys storage accepts: no dots, slashes or other characters a path could be built from. */
const IMAGE_KEY_PATTERN = /^(park_images|attraction_images)\/([0-9a-f]{32})-([1-9]\d{0,4})\.(avif|webp)$/;

const REFERENCE_PATTERN = /^img:v1:(park_images|attraction_images)\/([0-9a-f]{32}):([1-9]\d{0,4}(?:,[1-9]\d{0,4})*):([1-9]\d{0,4})x([1-9]\d{0,4})$/;

export function isImageKey(key: string): boolean {
  return IMAGE_KEY_PATTERN.test(key);
}

export function formatImageReference(image: Omit<StoredImage, "kind">): string {
  return `img:v1:${image.bucket}/${image.id}:${image.widths.join(",")}:${image.width}x${image.height}`;
}

/** The stored column's value, understood; null when empty or unreadable (the page then shows no image). */
export function parseImageReference(value: string | null | undefined): ImageReference | null {
  if (!value) return null;
  const match = REFERENCE_PATTERN.exec(value);
  if (match) {
    const [, bucket, id, widthList, width, height] = match;
    const widths = widthList!.split(",").map(Number);
    const ascending = widths.every((each, index) => index === 0 || each > widths[index - 1]!);
    if (!ascending) return null;
    return { kind: "stored", bucket: bucket as ImageBucket, id: id!, widths, width: Number(width), height: Number(height) };
  }
  return /^https?:\/\//i.test(value) && URL.canParse(value) ? { kind: "external", url: value } : null;
}

export function imageKey(image: StoredImage, width: number, format: ImageFormat): string {
  return `${image.bucket}/${image.id}-${width}.${format}`;
}

/** Every key a stored image occupies (to delete it). */
export function imageKeys(image: StoredImage): string[] {
  return image.widths.flatMap((width) => IMAGE_FORMATS.map((format) => imageKey(image, width, format)));
}

export function imageUrl(image: StoredImage, width: number, format: ImageFormat): string {
  return `${IMAGE_URL_PREFIX}${imageKey(image, width, format)}`;
}

export function imageSrcSet(image: StoredImage, format: ImageFormat): string {
  return image.widths.map((width) => `${imageUrl(image, width, format)} ${width}w`).join(", ");
}

/** The largest rendition's size: the `<img>`'s intrinsic size, with the picture's aspect ratio. */
export function largestRendition(image: StoredImage): { width: number; height: number } {
  const width = image.widths[image.widths.length - 1]!;
  return { width, height: Math.max(1, Math.round((width * image.height) / image.width)) };
}

/** One address for the image (Open Graph, JSON-LD): the largest WebP, or the external address. */
export function imagePreviewUrl(value: string | null | undefined): string | null {
  const image = parseImageReference(value);
  if (!image) return null;
  return image.kind === "external" ? image.url : imageUrl(image, largestRendition(image).width, "webp");
}
