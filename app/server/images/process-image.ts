import crypto from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import {
  formatImageReference,
  imageKey,
  imageKeys,
  IMAGE_FORMATS,
  parseImageReference,
  type ImageBucket,
  type ImageFormat,
  type StoredImage,
} from "~/domain/image-reference";
import type { ImageStorage } from "./image-storage";
import { ImageUploadError } from "./image-upload-error";

/** 40 megapixels: any phone or camera photo, while a decoded image stays under 160 MB of memory. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** Rendition widths: a phone column, a tablet or half a desktop, a full-width desktop hero (at 2× where it matters). */
const RENDITION_WIDTHS = [400, 800, 1600] as const;

type SourceFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

type Rendition = { width: number; format: ImageFormat; bytes: Uint8Array };
export type ProcessedImage = { width: number; height: number; widths: number[]; renditions: Rendition[] };

/**
 * What the encoders are asked for: visually close to the source at a fraction
 * of its weight. AVIF at effort 4 took seconds for one 1600 px rendition here,
 * effort 3 half a second for a file about 10% bigger: the upload waits for it.
 */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};

/**
 * Checks an uploaded file and re-encodes it (docs/rules/catalogue.md#images). The type is
 * decided by the bytes, never by the name or the browser's claim; the pixel
 * count is checked from the header before anything is decoded (sharp's
 * `limitInputPixels`, which also stops a decoder that would go further). The
 * picture is turned upright by its EXIF orientation and rebuilt from its
 * pixels, so no metadata (GPS, camera, comments) survives; only AVIF and WebP
 * renditions are kept, never wider than the original.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ImageUploadError("tooLarge");
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new ImageUploadError("notImage");

  // Only the first frame of an animated GIF or WebP is read (sharp's default).
  const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, failOn: "error" });
  const metadata = await source.metadata().catch(refuse);
  // A JPEG header in front of something else, or HEIC in an AVIF wrapper: not what it claims to be.
  if (decodedFormat(metadata) !== sniffed) throw new ImageUploadError("notImage");
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageUploadError("tooManyPixels");

  // Decoded once, upright and at the largest rendition's width; a broken file fails here, as a refusal.
  const widths = renditionWidths(width);
  const largest = await source
    .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
    .timeout({ seconds: 30 })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(refuse);
  const { info } = largest;
  const pixels = () => sharp(largest.data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  const renditions = await Promise.all(
    widths.flatMap((target) =>
      IMAGE_FORMATS.map(async (format) => {
        const encoded = await ENCODERS[format](pixels().resize({ width: target })).toBuffer();
        return { width: target, format, bytes: new Uint8Array(encoded) };
      }),
    ),
  );
  return { width, height, widths, renditions };
}

/**
 * Processes the upload, writes every rendition under a new random id, and
 * returns the reference to keep in `image_url`. Nothing stays in storage if a
 * write fails.
 */
export async function storeImage(storage: ImageStorage, bucket: ImageBucket, bytes: Uint8Array): Promise<string> {
  const processed = await processImage(bytes);
  const image: StoredImage = {
    kind: "stored",
    bucket,
    id: crypto.randomBytes(16).toString("hex"),
    widths: processed.widths,
    width: processed.width,
    height: processed.height,
  };
  const writes = await Promise.allSettled(
    processed.renditions.map((rendition) => storage.put(imageKey(image, rendition.width, rendition.format), rendition.bytes)),
  );
  const failed = writes.find((write) => write.status === "rejected");
  if (failed) {
    await Promise.allSettled(imageKeys(image).map((key) => storage.delete(key)));
    throw failed.reason;
  }
  return formatImageReference(image);
}

/** Removes every rendition of a stored image; external addresses and empty values have nothing to remove. */
export async function deleteStoredImage(storage: ImageStorage, reference: string | null | undefined): Promise<void> {
  const image = parseImageReference(reference);
  if (image?.kind !== "stored") return;
  await Promise.all(imageKeys(image).map((key) => storage.delete(key)));
}

/** The standard widths narrower than the original, plus the original's own width when it is below the largest. */
export function renditionWidths(originalWidth: number): number[] {
  const widths: number[] = RENDITION_WIDTHS.filter((width) => width <= originalWidth);
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]!;
  if (originalWidth < largest && !widths.includes(originalWidth)) widths.push(originalWidth);
  return widths;
}

/** The format announced by the file's first bytes (its magic number), if it is one we accept. */
function sniffImageFormat(bytes: Uint8Array): SourceFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") {
    // ISO media file: AVIF when its major or a compatible brand says so.
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0), bytes.byteLength, 256);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

function decodedFormat(metadata: Metadata): SourceFormat | null {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
    case "gif":
      return metadata.format;
    case "heif":
      return metadata.compression === "av1" ? "avif" : null;
    default:
      return null;
  }
}

/** sharp failing to read the upload is the upload's fault: over its pixel limit, or not a decodable image. */
function refuse(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  throw new ImageUploadError(/pixel limit/i.test(message) ? "tooManyPixels" : "notImage");
}
