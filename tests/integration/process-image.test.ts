import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { imageKeys, parseImageReference, type StoredImage } from "~/domain/image-reference";
import type { ImageStorage } from "~/server/images/image-storage";
import { ImageUploadError } from "~/server/images/image-upload-error";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { deleteStoredImage, processImage, renditionWidths, storeImage } from "~/server/images/process-image";

const solid = (width: number, height: number, background = "#c81e1e") =>
  sharp({ create: { width, height, channels: 3, background } });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImageUploadError);
  return (error as ImageUploadError).code;
}

/** A photo as a phone takes it: stored sideways with an EXIF orientation, carrying the owner's name and GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return solid(3000, 2000)
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Artist: "Secret Photographer" }, IFD3: { GPSLatitudeRef: "N", GPSMapDatum: "SECRET-DATUM" } },
    })
    .toBuffer();
}

describe("processImage", () => {
  it("turns a photo upright, strips its metadata and keeps AVIF and WebP at three widths", async () => {
    const photo = await phonePhoto();
    expect(photo.includes("Secret Photographer") && photo.includes("SECRET-DATUM")).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const processed = await processImage(photo);
    expect(processed).toMatchObject({ width: 2000, height: 3000, widths: [400, 800, 1600] });
    expect(processed.renditions.map(({ width, format }) => `${width}.${format}`)).toEqual([
      "400.avif",
      "400.webp",
      "800.avif",
      "800.webp",
      "1600.avif",
      "1600.webp",
    ]);
    for (const rendition of processed.renditions) {
      const metadata = await sharp(rendition.bytes).metadata();
      expect(metadata.format).toBe(rendition.format === "avif" ? "heif" : "webp");
      expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.width * 1.5]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(Buffer.from(rendition.bytes).includes("Secret Photographer")).toBe(false);
      expect(Buffer.from(rendition.bytes).includes("SECRET-DATUM")).toBe(false);
    }
  });

  it("accepts PNG, WebP, AVIF and GIF, and never enlarges a small picture", async () => {
    for (const [format, bytes] of [
      ["png", await solid(300, 200).png().toBuffer()],
      ["webp", await solid(300, 200).webp().toBuffer()],
      ["avif", await solid(300, 200).avif().toBuffer()],
      ["gif", await solid(300, 200).gif().toBuffer()],
    ] as const) {
      const processed = await processImage(bytes);
      expect(processed, format).toMatchObject({ width: 300, height: 200, widths: [300] });
      expect((await sharp(processed.renditions[0]!.bytes).metadata()).width).toBe(300);
    }
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const frame = (colour: string) => solid(60, 40, colour).png().toBuffer();
    const animated = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } }).gif().toBuffer();
    const processed = await processImage(animated);
    expect(processed).toMatchObject({ width: 60, height: 40, widths: [60] });
    const webp = processed.renditions.find((rendition) => rendition.format === "webp")!;
    const { dominant } = await sharp(webp.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
    expect((await sharp(webp.bytes).metadata()).pages ?? 1).toBe(1);
  });

  it("chooses widths from the original's, never above it", () => {
    expect(renditionWidths(4000)).toEqual([400, 800, 1600]);
    expect(renditionWidths(1600)).toEqual([400, 800, 1600]);
    expect(renditionWidths(1000)).toEqual([400, 800, 1000]);
    expect(renditionWidths(400)).toEqual([400]);
    expect(renditionWidths(120)).toEqual([120]);
  });

  it("decides by the bytes: SVG, text or a forged header are not images, whatever their name", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await refusal(processImage(svg))).toBe("notImage");
    expect(await refusal(processImage(Buffer.from("just some text, named photo.png")))).toBe("notImage");
    expect(await refusal(processImage(new Uint8Array(0)))).toBe("notImage");
    const png = await solid(64, 64).png().toBuffer();
    expect(await refusal(processImage(png.subarray(0, 60)))).toBe("notImage");
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), png]);
    expect(await refusal(processImage(forged))).toBe("notImage");
    const tiff = await solid(64, 64).tiff().toBuffer();
    expect(await refusal(processImage(tiff))).toBe("notImage");
  });

  it("refuses more than 40 megapixels, including a small file that would decode huge", async () => {
    const bomb = await solid(10_000, 10_000, "#ffffff").png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal(processImage(bomb))).toBe("tooManyPixels");
    const justOver = await solid(8000, 5001, "#ffffff").jpeg().toBuffer();
    expect(await refusal(processImage(justOver))).toBe("tooManyPixels");
  });

  it("refuses more than 10 MB", async () => {
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(await solid(10, 10).png().toBuffer());
    expect(await refusal(processImage(big))).toBe("tooLarge");
  });
});

describe("storeImage", () => {
  const storageIn = (directory: string) => createLocalDiskStorage(directory);

  it("stores every rendition under a new id and returns the reference for image_url", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "parcours-store-"));
    const storage = storageIn(directory);
    const reference = await storeImage(storage, "attraction_images", await solid(1000, 500).jpeg().toBuffer());
    expect(reference).toMatch(/^img:v1:attraction_images\/[0-9a-f]{32}:400,800,1000:1000x500$/);
    const image = parseImageReference(reference) as StoredImage;
    expect(readdirSync(path.join(directory, "attraction_images")).sort()).toEqual(
      imageKeys(image).map((key) => key.split("/")[1]).sort(),
    );
    const rendition = (await storage.get(`attraction_images/${image.id}-800.avif`))!;
    expect(rendition.contentType).toBe("image/avif");

    await deleteStoredImage(storage, reference);
    expect(readdirSync(path.join(directory, "attraction_images"))).toEqual([]);
    // Nothing to delete for an old address or an empty column.
    await deleteStoredImage(storage, "https://example.com/a.jpg");
    await deleteStoredImage(storage, null);
  });

  it("gives each upload its own id", async () => {
    const storage = storageIn(mkdtempSync(path.join(os.tmpdir(), "parcours-store-")));
    const png = await solid(50, 50).png().toBuffer();
    expect(await storeImage(storage, "park_images", png)).not.toBe(await storeImage(storage, "park_images", png));
  });

  it("leaves nothing behind when a write fails", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "parcours-store-"));
    const disk = storageIn(directory);
    let writes = 0;
    const flaky: ImageStorage = {
      ...disk,
      put: (key, bytes) => (++writes === 3 ? Promise.reject(new Error("disk full")) : disk.put(key, bytes)),
    };
    await expect(storeImage(flaky, "park_images", await solid(900, 600).png().toBuffer())).rejects.toThrow("disk full");
    expect(readdirSync(path.join(directory, "park_images"))).toEqual([]);
  });

  it("stores nothing for a refused file", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "parcours-store-"));
    expect(await refusal(storeImage(storageIn(directory), "park_images", Buffer.from("<svg/>")))).toBe("notImage");
    expect(readdirSync(directory)).toEqual([]);
  });
});
