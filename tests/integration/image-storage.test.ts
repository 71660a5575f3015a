import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidImageKeyError, type ImageStorage } from "~/server/images/image-storage";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { createS3Storage, type S3StorageOptions } from "~/server/images/s3-storage";

/**
 * Both drivers pass the same contract. The S3 driver talks to s3rver, a local
 * S3 server written in JavaScript, started here on a free port. s3rver checks
 * the access key id but not SigV4 signatures, so signing itself is aws4fetch's
 * word; what is tested is the protocol around it.
 */
const ID = "0123456789abcdef0123456789abcdef";
const key = (width: number, format = "webp") => `park_images/${ID}-${width}.${format}`;
const BAD_KEYS = [
  "../../etc/passwd",
  `park_images/../${ID}-400.webp`,
  `/park_images/${ID}-400.webp`,
  `park_images/${ID}-400.html`,
  `park_images/${ID}-400.webp.tmp`,
  `secret/${ID}-400.webp`,
  "",
];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

let s3rver: S3rver;
let s3Options: S3StorageOptions;

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", directory: tempDir("parcours-s3rver-"), silent: true, configureBuckets: [{ name: "parcours", configs: [] }] });
  const { port } = await s3rver.run();
  // s3rver knows one account, S3RVER / S3RVER.
  s3Options = { endpoint: `http://127.0.0.1:${port}/`, region: "us-east-1", bucket: "parcours", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
});
afterAll(async () => {
  await s3rver.close();
});

const drivers: [string, () => ImageStorage][] = [
  ["local disk", () => createLocalDiskStorage(tempDir("parcours-images-"))],
  ["S3", () => createS3Storage(s3Options)],
];

describe.each(drivers)("image storage contract: %s", (_name, create) => {
  it("gives back what was put, with its type and size", async () => {
    const storage = create();
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 5]);
    await storage.put(key(400), bytes);
    await storage.put(key(400, "avif"), new Uint8Array([9]));
    const file = (await storage.get(key(400)))!;
    expect(file.contentType).toBe("image/webp");
    expect(file.size).toBe(bytes.byteLength);
    expect(await readAll(file.body)).toEqual(bytes);
    const avif = (await storage.get(key(400, "avif")))!;
    expect(avif.contentType).toBe("image/avif");
    expect(await readAll(avif.body)).toEqual(new Uint8Array([9]));
  });

  it("replaces a key's content when it is put again", async () => {
    const storage = create();
    await storage.put(key(800), new Uint8Array([1]));
    await storage.put(key(800), new Uint8Array([2, 2]));
    expect(await readAll((await storage.get(key(800)))!.body)).toEqual(new Uint8Array([2, 2]));
  });

  it("answers null for a key it does not hold", async () => {
    expect(await create().get(`attraction_images/${"f".repeat(32)}-400.avif`)).toBeNull();
  });

  it("deletes, and deleting again is not an error", async () => {
    const storage = create();
    await storage.put(key(1600), new Uint8Array([1, 2, 3]));
    await storage.delete(key(1600));
    expect(await storage.get(key(1600))).toBeNull();
    await expect(storage.delete(key(1600))).resolves.toBeUndefined();
  });

  it("refuses keys it could not have made, before touching anything", async () => {
    const storage = create();
    for (const bad of BAD_KEYS) {
      await expect(storage.put(bad, new Uint8Array([1])), bad).rejects.toBeInstanceOf(InvalidImageKeyError);
      await expect(storage.get(bad), bad).rejects.toBeInstanceOf(InvalidImageKeyError);
      await expect(storage.delete(bad), bad).rejects.toBeInstanceOf(InvalidImageKeyError);
    }
  });
});

describe("local disk storage", () => {
  it("keeps one folder per bucket and leaves no temporary file behind", async () => {
    const directory = tempDir("parcours-images-");
    const storage = createLocalDiskStorage(directory);
    await Promise.all([1, 2, 3].map((n) => storage.put(key(400), new Uint8Array(n * 1000).fill(n))));
    expect(readdirSync(directory)).toEqual(["park_images"]);
    expect(readdirSync(path.join(directory, "park_images"))).toEqual([`${ID}-400.webp`]);
    // Whichever write came last, the file is one of them whole, never a mix.
    const bytes = await readAll((await storage.get(key(400)))!.body);
    expect([1000, 2000, 3000]).toContain(bytes.byteLength);
    expect(new Set(bytes).size).toBe(1);
  });
});

describe("S3 storage", () => {
  it("reports what the server refused", async () => {
    const storage = createS3Storage({ ...s3Options, accessKeyId: "UNKNOWN" });
    await expect(storage.put(key(400), new Uint8Array([1]))).rejects.toThrow(/S3 PUT .* failed with 403/);
    await expect(storage.get(key(400))).rejects.toThrow(/S3 GET .* failed with 403/);
  });

  it("reports a missing bucket instead of answering 'no such image'", async () => {
    const storage = createS3Storage({ ...s3Options, bucket: "no-such-bucket" });
    await expect(storage.put(key(400), new Uint8Array([1]))).rejects.toThrow(/failed with 404.*NoSuchBucket/s);
    await expect(storage.get(key(400))).rejects.toThrow(/failed with 404.*NoSuchBucket/s);
  });
});
