import { isImageKey } from "~/domain/image-reference";

/**
 * Where image renditions live: the local disk by default, an S3-compatible
 * bucket when configured. Keys are `<bucket>/<id>-<width>.<avif|webp>`
 * (`IMAGE_KEY_PATTERN`); the extension decides the content type, so a file
 * can never be served as something else than what its name says.
 */
export type ImageStorage = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file as a stream, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
};

/** `size` is null when the storage did not say (then no Content-Length is sent). */
type StoredFile = { body: ReadableStream<Uint8Array>; contentType: string; size: number | null };

const CONTENT_TYPES = { avif: "image/avif", webp: "image/webp" } as const;

export class InvalidImageKeyError extends Error {
  override name = "InvalidImageKeyError";

  constructor(key: string) {
    super(`Invalid image key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** Every driver checks keys before building a path or an address from them. */
export function assertImageKey(key: string): void {
  if (!isImageKey(key)) throw new InvalidImageKeyError(key);
}

export function contentTypeOfKey(key: string): string {
  return key.endsWith(".avif") ? CONTENT_TYPES.avif : CONTENT_TYPES.webp;
}
