import { describe, expect, it } from "vitest";
import {
  formatImageReference,
  imageKeys,
  imagePreviewUrl,
  imageSrcSet,
  imageUrl,
  isImageKey,
  largestRendition,
  parseImageReference,
  type StoredImage,
} from "~/domain/image-reference";

const ID = "0123456789abcdef0123456789abcdef";
const stored: StoredImage = { kind: "stored", bucket: "park_images", id: ID, widths: [400, 800, 1600], width: 2400, height: 1600 };
const reference = `img:v1:park_images/${ID}:400,800,1600:2400x1600`;

describe("image references", () => {
  it("round-trips a stored image", () => {
    expect(formatImageReference(stored)).toBe(reference);
    expect(parseImageReference(reference)).toEqual(stored);
  });

  it("reads old plain addresses as one external image", () => {
    expect(parseImageReference("https://example.com/park.jpg")).toEqual({ kind: "external", url: "https://example.com/park.jpg" });
    expect(imagePreviewUrl("https://example.com/park.jpg")).toBe("https://example.com/park.jpg");
  });

  it("reads nothing from empty or unreadable values", () => {
    for (const value of [
      null,
      undefined,
      "",
      "javascript:alert(1)",
      "/etc/passwd",
      "img:v2:park_images/" + ID + ":400:400x300",
      `img:v1:other_images/${ID}:400:400x300`,
      `img:v1:park_images/../${ID}:400:400x300`,
      `img:v1:park_images/${ID}:800,400:800x600`,
      `img:v1:park_images/${ID}:400,400:800x600`,
      `img:v1:park_images/${ID}:0:800x600`,
      `img:v1:park_images/${ID}::800x600`,
      `img:v1:park_images/${ID}:400:800x0`,
      `${reference} `,
    ]) {
      expect(parseImageReference(value), String(value)).toBeNull();
    }
  });

  it("gives every rendition's key and address", () => {
    expect(imageKeys(stored)).toEqual([
      `park_images/${ID}-400.avif`,
      `park_images/${ID}-400.webp`,
      `park_images/${ID}-800.avif`,
      `park_images/${ID}-800.webp`,
      `park_images/${ID}-1600.avif`,
      `park_images/${ID}-1600.webp`,
    ]);
    expect(imageUrl(stored, 800, "avif")).toBe(`/images/park_images/${ID}-800.avif`);
    expect(imageSrcSet(stored, "webp")).toBe(
      `/images/park_images/${ID}-400.webp 400w, /images/park_images/${ID}-800.webp 800w, /images/park_images/${ID}-1600.webp 1600w`,
    );
    expect(imagePreviewUrl(reference)).toBe(`/images/park_images/${ID}-1600.webp`);
  });

  it("sizes the largest rendition with the picture's aspect ratio", () => {
    expect(largestRendition(stored)).toEqual({ width: 1600, height: 1067 });
    expect(largestRendition({ ...stored, widths: [300], width: 300, height: 4000 })).toEqual({ width: 300, height: 4000 });
  });

  it("accepts only keys it could have made", () => {
    expect(isImageKey(`park_images/${ID}-400.avif`)).toBe(true);
    expect(isImageKey(`attraction_images/${ID}-1600.webp`)).toBe(true);
    for (const key of [
      `park_images/${ID}-400.png`,
      `park_images/${ID}-400.avif/`,
      `/park_images/${ID}-400.avif`,
      `park_images/../${ID}-400.avif`,
      `park_images/${ID}-400.avif.tmp`,
      `park_images\\${ID}-400.avif`,
      `users/${ID}-400.avif`,
      `park_images/${ID.toUpperCase()}-400.avif`,
      `park_images/${ID}-0400.avif`,
      "",
    ]) {
      expect(isImageKey(key), key).toBe(false);
    }
  });
});
