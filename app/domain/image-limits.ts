/** Image uploads (docs/rules/catalogue.md#images): 10 MB at most, checked in the browser first and enforced by the server. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What the file picker offers; the server decides by the bytes, not by this. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/avif,image/gif";
