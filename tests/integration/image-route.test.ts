import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { imageUrl, parseImageReference, type StoredImage } from "~/domain/image-reference";
import { loader } from "~/routes/images";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { storeImage } from "~/server/images/process-image";

const storage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-route-")));
let image: StoredImage;

/** The loader as React Router calls it for GET /images/<key>. */
function get(key: string): Promise<Response> {
  const request = new Request(`http://parcours.test/images/${key}`);
  return loader({ request, params: { "*": key }, context: { imageStorage: storage } } as unknown as Parameters<typeof loader>[0]);
}

beforeAll(async () => {
  const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: "#123456" } }).png().toBuffer();
  image = parseImageReference(await storeImage(storage, "park_images", png)) as StoredImage;
});

describe("/images/*", () => {
  it("streams a rendition with its type, cached for a year and never sniffed", async () => {
    const response = await get(imageUrl(image, 400, "avif").slice("/images/".length));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "heif", width: 400, height: 200 });

    const webp = await get(`park_images/${image.id}-500.webp`);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
  });

  it("answers 404 for an unknown or impossible key", async () => {
    for (const key of [`park_images/${image.id}-800.avif`, `park_images/${"0".repeat(32)}-400.avif`, "../../etc/passwd", "park_images", ""]) {
      const response = await get(key);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("Cache-Control"), key).toBeNull();
    }
  });
});
