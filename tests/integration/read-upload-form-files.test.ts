import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { ImageUploadError } from "~/server/images/image-upload-error";
import { MAX_BODY_BYTES } from "~/server/images/read-upload-form";
import { maxBodyBytesForFiles, readUploadFormWithFiles, TooManyFilesError } from "~/server/images/read-upload-form-files";

const URL_ = "http://parcours.test/parc";
const MB = 1024 * 1024;

function formRequest(form: FormData): Request {
  return new Request(URL_, { method: "POST", body: form });
}

/** A multipart body produced on demand after its head: `chunkCount` chunks of 64 KB, counting what was pulled. */
function streamedRequest(head: string, chunkCount: number, options: { contentLength?: number } = {}) {
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  const stats = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = sent === 0 ? encoder.encode(head) : sent <= chunkCount ? chunk : null;
        sent += 1;
        if (!next) return controller.close();
        stats.pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "Content-Type": "multipart/form-data; boundary=b" });
  if (options.contentLength !== undefined) headers.set("Content-Length", String(options.contentLength));
  return { request: new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit), stats };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the form was accepted"),
    (error: unknown) => error,
  );
}

describe("readUploadFormWithFiles", () => {
  it("reads the text fields and every file of the field, leaving out empty ones", async () => {
    const form = new FormData();
    form.set("comment", "Super parc");
    form.append("photos", new File([new Uint8Array([1, 2, 3])], "a.jpg"));
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    form.append("photos", new File([new Uint8Array([4, 5])], "b.jpg"));
    const { fields, files } = await readUploadFormWithFiles(formRequest(form), "photos", 5);
    expect(Object.fromEntries(fields)).toEqual({ comment: "Super parc" });
    expect(files).toEqual([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])]);
  });

  it("reads a form without files, multipart or plain", async () => {
    const form = new FormData();
    form.set("comment", "Rien à montrer");
    form.set("photos", new File([], "", { type: "application/octet-stream" }));
    expect((await readUploadFormWithFiles(formRequest(form), "photos", 5)).files).toEqual([]);
    const plain = new Request(URL_, { method: "POST", body: new URLSearchParams({ comment: "é" }) });
    const read = await readUploadFormWithFiles(plain, "photos", 5);
    expect([Object.fromEntries(read.fields), read.files]).toEqual([{ comment: "é" }, []]);
  });

  it("takes five files of 10 MB each, and refuses a sixth file however small", async () => {
    const five = new FormData();
    for (let index = 0; index < 5; index += 1) five.append("photos", new File([new Uint8Array(IMAGE_MAX_BYTES)], `${index}.jpg`));
    expect((await readUploadFormWithFiles(formRequest(five), "photos", 5)).files.map((file) => file.byteLength)).toEqual(
      Array(5).fill(IMAGE_MAX_BYTES),
    );

    const six = new FormData();
    for (let index = 0; index < 6; index += 1) six.append("photos", new File([new Uint8Array([index + 1])], `${index}.jpg`));
    const error = await refusal(readUploadFormWithFiles(formRequest(six), "photos", 5));
    expect(error).toBeInstanceOf(TooManyFilesError);
    expect((error as TooManyFilesError).maxFiles).toBe(5);
  });

  it("still refuses any one file over 10 MB", async () => {
    const form = new FormData();
    form.append("photos", new File([new Uint8Array(10)], "small.jpg"));
    form.append("photos", new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], "big.jpg"));
    const error = await refusal(readUploadFormWithFiles(formRequest(form), "photos", 5));
    expect(error).toEqual(new ImageUploadError("tooLarge"));
  });

  it("sizes the body limit for its files (5 × 10 MB and 1 MB of text), enforced while streaming and from Content-Length", async () => {
    expect(maxBodyBytesForFiles(5)).toBe(5 * IMAGE_MAX_BYTES + MB);
    expect(maxBodyBytesForFiles(1)).toBe(MAX_BODY_BYTES);
    // A part without a name is skipped by the parser, but its bytes still arrive: 2 GB if read to the end.
    const { request, stats } = streamedRequest("--b\r\nX-Filler: yes\r\n\r\n", 32 * 1024);
    expect(await refusal(readUploadFormWithFiles(request, "photos", 5))).toEqual(new ImageUploadError("tooLarge"));
    expect(stats.pulled).toBeGreaterThan(maxBodyBytesForFiles(5));
    expect(stats.pulled).toBeLessThan(maxBodyBytesForFiles(5) + 512 * 1024);

    const announced = streamedRequest("--b\r\nX-Filler: yes\r\n\r\n", 32 * 1024, { contentLength: maxBodyBytesForFiles(5) + 1 });
    expect(await refusal(readUploadFormWithFiles(announced.request, "photos", 5))).toEqual(new ImageUploadError("tooLarge"));
    expect(announced.stats.pulled).toBe(0);
  });
});
