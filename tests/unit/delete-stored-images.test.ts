import pino from "pino";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deleteStoredImages } from "~/server/images/delete-stored-images";
import type { ImageStorage } from "~/server/images/image-storage";

const BROKEN = `img:v1:park_images/${"a".repeat(32)}:400:400x300`;
const FINE = `img:v1:attraction_images/${"b".repeat(32)}:400,800:800x600`;

/** A storage whose deletions of the broken image's renditions fail; the others are recorded. */
function storage(deleted: string[]): ImageStorage {
  return {
    put: async () => {},
    get: async () => null,
    delete: async (key) => {
      if (key.includes("a".repeat(32))) throw new Error("disk unavailable");
      deleted.push(key);
    },
  };
}

describe("deleteStoredImages", () => {
  it("removes every image it can and logs the one it could not, by its reference, as a stored image (whatever it showed)", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    const deleted: string[] = [];
    await deleteStoredImages(storage(deleted), [BROKEN, FINE], logger);
    const renditions = ["400.avif", "400.webp", "800.avif", "800.webp"].map((rendition) => `attraction_images/${"b".repeat(32)}-${rendition}`);
    expect(deleted.sort()).toEqual(renditions);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: "stored image not removed", reference: BROKEN });
  });
});
