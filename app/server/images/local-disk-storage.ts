import crypto from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertImageKey, contentTypeOfKey, type ImageStorage } from "./image-storage";

/**
 * The default storage: files under `directory` (DATA_DIR/images), one folder
 * per bucket. Keys are checked against a strict pattern before any path is
 * built, so no key can leave the directory.
 */
export function createLocalDiskStorage(directory: string): ImageStorage {
  const root = path.resolve(directory);
  const fileOf = (key: string) => {
    assertImageKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside its final name, then renamed: a reader never sees half a file.
      // The temporary name never matches the key pattern, so it is never served.
      const temporary = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      const size = await handle.stat().then(
        (stats) => stats.size,
        async (error: unknown) => {
          await handle.close();
          throw error;
        },
      );
      // The stream closes the file once read, or when the response is abandoned.
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { body, contentType: contentTypeOfKey(key), size };
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
