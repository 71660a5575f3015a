import type { Config } from "../config";
import type { ImageStorage } from "./image-storage";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";

/** The storage the configuration asks for (STORAGE_DRIVER), created once at start. */
export function createImageStorage(storage: Config["storage"]): ImageStorage {
  return storage.driver === "s3" ? createS3Storage(storage) : createLocalDiskStorage(storage.directory);
}
