import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { ImageUploadError } from "~/server/images/image-upload-error";
import { MAX_BODY_BYTES, MAX_TEXT_BYTES, readUploadForm } from "~/server/images/read-upload-form";

const URL_ = "http://parcours.test/contribute";
const MB = 1024 * 1024;

function formRequest(form: FormData): Request {
  return new Request(URL_, { method: "POST", body: form });
}

/** A body produced chunk by chunk on demand, counting how much of it was pulled. */
function streamedRequest(head: string, chunkCount: number, options: { contentLength?: number } = {}) {
  const boundary = "----parcours-test-boundary";
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  const stats = { pulled: 0 };
  // highWaterMark 0: nothing is pulled until the reader asks.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = sent === 0 ? encoder.encode(head.replaceAll("BOUNDARY", boundary)) : sent <= chunkCount ? chunk : null;
        sent += 1;
        if (!next) return controller.close();
        stats.pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "Content-Type": `multipart/form-data; boundary=${boundary}` });
  if (options.contentLength !== undefined) headers.set("Content-Length", String(options.contentLength));
  const request = new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, stats };
}

const filePartHead = 'name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the form was accepted"),
    (error: unknown) => error,
  );
}

async function refusedAs(promise: Promise<unknown>): Promise<string | number> {
  const error = await failure(promise);
  if (error instanceof ImageUploadError) return error.code;
  // Other refusals are React Router responses thrown for the error boundary.
  return (error as { init: { status: number } }).init.status;
}

describe("readUploadForm", () => {
  it("reads the text fields and the image of a multipart form", async () => {
    const form = new FormData();
    form.set("name", "Parc Astérix — été");
    form.append("tags", "a");
    form.append("tags", "b");
    form.set("image", new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], "photo.png", { type: "image/png" }));
    const { fields, image } = await readUploadForm(formRequest(form), "image");
    expect(fields.get("name")).toBe("Parc Astérix — été");
    expect(fields.getAll("tags")).toEqual(["a", "b"]);
    expect(fields.has("image")).toBe(false);
    expect(image).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
  });

  it("gives no image for an untouched file input", async () => {
    const form = new FormData();
    form.set("name", "Parc");
    form.set("image", new File([], "", { type: "application/octet-stream" }));
    const read = await readUploadForm(formRequest(form), "image");
    expect(read.image).toBeNull();
    expect([...read.fields.keys()]).toEqual(["name"]);

    // Byte for byte what a browser sends for an empty file input.
    const body = [
      "--b",
      'Content-Disposition: form-data; name="name"',
      "",
      "Parc",
      "--b",
      'Content-Disposition: form-data; name="image"; filename=""',
      "Content-Type: application/octet-stream",
      "",
      "",
      "--b--",
      "",
    ].join("\r\n");
    const request = new Request(URL_, { method: "POST", body, headers: { "Content-Type": "multipart/form-data; boundary=b" } });
    expect(await readUploadForm(request, "image")).toEqual({ fields: read.fields, image: null });
  });

  it("reads a plain form, which has no image", async () => {
    const request = new Request(URL_, { method: "POST", body: new URLSearchParams({ name: "Parc é", image: "photo.png" }) });
    const { fields, image } = await readUploadForm(request, "image");
    expect(Object.fromEntries(fields)).toEqual({ name: "Parc é" });
    expect(image).toBeNull();
  });

  it("accepts an image of exactly 10 MB and refuses one byte more", async () => {
    const exact = new FormData();
    exact.set("image", new File([new Uint8Array(IMAGE_MAX_BYTES)], "exact.jpg"));
    expect((await readUploadForm(formRequest(exact), "image")).image?.byteLength).toBe(IMAGE_MAX_BYTES);

    const over = new FormData();
    over.set("image", new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], "over.jpg"));
    expect(await refusedAs(readUploadForm(formRequest(over), "image"))).toBe("tooLarge");
  });

  it("stops reading a huge upload shortly after the file passes 10 MB", async () => {
    // 64 KB chunks, 2 GB in all if it were read to the end; no Content-Length, as with chunked uploads.
    const { request, stats } = streamedRequest(`--BOUNDARY\r\nContent-Disposition: form-data; ${filePartHead}\r\n\r\n`, 32 * 1024);
    expect(await refusedAs(readUploadForm(request, "image"))).toBe("tooLarge");
    expect(stats.pulled).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(stats.pulled).toBeLessThan(IMAGE_MAX_BYTES + 512 * 1024);
  });

  it("refuses a body announced as too big before reading any of it", async () => {
    const { request, stats } = streamedRequest(`--BOUNDARY\r\nContent-Disposition: form-data; ${filePartHead}\r\n\r\n`, 32 * 1024, {
      contentLength: 2 * 1024 * MB,
    });
    expect(await refusedAs(readUploadForm(request, "image"))).toBe("tooLarge");
    expect(stats.pulled).toBe(0);
  });

  it("stops at the body limit even when no single part is too big", async () => {
    // A part without a name is skipped by the parser, but its bytes still arrive.
    const { request, stats } = streamedRequest("--BOUNDARY\r\nX-Filler: yes\r\n\r\n", 32 * 1024);
    expect(await refusedAs(readUploadForm(request, "image"))).toBe("tooLarge");
    expect(stats.pulled).toBeGreaterThan(MAX_BODY_BYTES);
    expect(stats.pulled).toBeLessThan(MAX_BODY_BYTES + 512 * 1024);
  });

  it("refuses too much text with 413", async () => {
    const form = new FormData();
    form.set("description", "x".repeat(MAX_TEXT_BYTES + 1));
    expect(await refusedAs(readUploadForm(formRequest(form), "image"))).toBe(413);

    const spread = new FormData();
    for (let index = 0; index < 5; index += 1) spread.set(`field${index}`, "y".repeat(MAX_TEXT_BYTES / 4));
    expect(await refusedAs(readUploadForm(formRequest(spread), "image"))).toBe(413);

    const plain = new Request(URL_, { method: "POST", body: new URLSearchParams({ description: "z".repeat(MAX_TEXT_BYTES) }) });
    expect(await refusedAs(readUploadForm(plain, "image"))).toBe(413);
  });

  it("refuses with 400 too many parts, an unexpected file, a broken body or another content type", async () => {
    const many = new FormData();
    for (let index = 0; index < 100; index += 1) many.set(`field${index}`, "x");
    expect(await refusedAs(readUploadForm(formRequest(many), "image"))).toBe(400);

    const otherFile = new FormData();
    otherFile.set("avatar", new File([new Uint8Array([1])], "a.png"));
    expect(await refusedAs(readUploadForm(formRequest(otherFile), "image"))).toBe(400);

    const twoFiles = new FormData();
    twoFiles.append("image", new File([new Uint8Array([1])], "a.png"));
    twoFiles.append("image", new File([new Uint8Array([2])], "b.png"));
    expect(await refusedAs(readUploadForm(formRequest(twoFiles), "image"))).toBe(400);

    const truncated = new Request(URL_, {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    expect(await refusedAs(readUploadForm(truncated, "image"))).toBe(400);

    const json = new Request(URL_, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(await refusedAs(readUploadForm(json, "image"))).toBe(400);

    const noBoundary = new Request(URL_, { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    expect(await refusedAs(readUploadForm(noBoundary, "image"))).toBe(400);
  });

  it("reads a body however it is cut into chunks", async () => {
    const form = new FormData();
    form.set("name", "Parc");
    form.set("image", new File([new Uint8Array(3000).fill(7)], "a.png"));
    const original = formRequest(form);
    const bytes = new Uint8Array(await original.arrayBuffer());
    for (const size of [1, 2, 3, 7, 4096]) {
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.byteLength) return controller.close();
          controller.enqueue(bytes.slice(offset, offset + size));
          offset += size;
        },
      });
      const request = new Request(URL_, { method: "POST", body, headers: original.headers, duplex: "half" } as RequestInit);
      const read = await readUploadForm(request, "image");
      expect(read.fields.get("name"), `chunks of ${size}`).toBe("Parc");
      expect(read.image?.byteLength, `chunks of ${size}`).toBe(3000);
    }
  });
});
