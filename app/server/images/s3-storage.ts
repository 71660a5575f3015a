import { AwsClient } from "aws4fetch";
import { assertImageKey, contentTypeOfKey, type ImageStorage } from "./image-storage";

export type S3StorageOptions = {
  /** e.g. https://s3.eu-west-3.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** A hung storage server must not hold a request forever; a slow reader of the body is not cut by this. */
const RESPONSE_TIMEOUT_MS = 30_000;

/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Garage…), signed with
 * aws4fetch rather than the AWS SDK: three requests (PUT, GET, DELETE) need
 * only request signing. Path-style addresses (`<endpoint>/<bucket>/<key>`)
 * work with every implementation, virtual-host ones do not.
 */
export function createS3Storage(options: S3StorageOptions): ImageStorage {
  // aws4fetch retries 5xx and 429 answers with backoff; its default of 10 tries would outlast any request.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}/`;
  const urlOf = (key: string) => {
    assertImageKey(key);
    return base + key;
  };

  /** The response once its headers have arrived; the body is then read at the reader's pace. */
  async function send(key: string, init: RequestInit): Promise<Response> {
    const url = urlOf(key);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${init.method} ${key}: no answer`)), RESPONSE_TIMEOUT_MS);
    try {
      return await client.fetch(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function failure(response: Response, action: string, key: string): Promise<Error> {
    const detail = (await response.text()).slice(0, 500);
    return new Error(`S3 ${action} ${key} failed with ${response.status}: ${detail}`);
  }

  return {
    async put(key, bytes) {
      // A copy on its own ArrayBuffer, which is what fetch's body type accepts.
      const response = await send(key, { method: "PUT", body: bytes.slice(), headers: { "Content-Type": contentTypeOfKey(key) } });
      if (!response.ok) throw await failure(response, "PUT", key);
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send(key, { method: "GET" });
      if (response.status === 404) {
        // A missing key is a normal answer; a missing bucket is a configuration error, not "no such image".
        const answer = await response.text();
        if (answer.includes("<Code>NoSuchBucket</Code>")) throw new Error(`S3 GET ${key} failed with 404: ${answer.slice(0, 500)}`);
        return null;
      }
      if (!response.ok || !response.body) throw await failure(response, "GET", key);
      const length = response.headers.get("Content-Length");
      return { body: response.body, contentType: contentTypeOfKey(key), size: length === null ? null : Number(length) };
    },

    async delete(key) {
      const response = await send(key, { method: "DELETE" });
      // S3 answers 204 whether or not the key existed; some compatible servers answer 404.
      if (!response.ok && response.status !== 404) throw await failure(response, "DELETE", key);
      await response.body?.cancel();
    },
  };
}
