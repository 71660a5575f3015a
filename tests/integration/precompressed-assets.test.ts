import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "../../http/precompressed-assets";

/** The middleware in front of express.static and behind compression, as in http/main.ts. */
let server: http.Server;
let base: string;
const script = `export const greeting = ${JSON.stringify("Bonjour ".repeat(500))};\n`;

beforeAll(async () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "parcours-assets-"));
  writeFileSync(path.join(directory, "entry-abc.js"), script);
  writeFileSync(path.join(directory, "entry-abc.js.br"), zlib.brotliCompressSync(script));
  writeFileSync(path.join(directory, "entry-abc.js.gz"), zlib.gzipSync(script, { level: 9 }));
  writeFileSync(path.join(directory, "plain-def.js"), script);
  const caching = { immutable: true, maxAge: "1y" };
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(directory, caching));
  app.use("/assets", express.static(directory, caching));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET (fetch would decompress and hide the encoding). */
function get(pathname: string, acceptEncoding: string | null, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
    http
      .request(`${base}${pathname}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("precompressed assets", () => {
  it("sends the Brotli copy to a browser that accepts it, typed and cached like the original", async () => {
    const response = await get("/assets/entry-abc.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends the gzip copy when Brotli is not accepted, and the file itself when nothing is", async () => {
    const gzipped = await get("/assets/entry-abc.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get("/assets/entry-abc.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await get("/assets/entry-abc.js", "br", "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body.length).toBe(0);
  });

  it("leaves files without copies, unknown files and the copies' own names to the usual handlers", async () => {
    const plain = await get("/assets/plain-def.js", "br");
    expect(plain.status).toBe(200);
    // compressed on the fly by the compression middleware instead
    expect(zlib.brotliDecompressSync(plain.body).toString()).toBe(script);
    expect((await get("/assets/missing.js", "br")).status).toBe(404);
    expect((await get("/assets/../package.json", "br")).status).toBe(404);
    // A malformed escape is a plain miss, not an error.
    expect((await get("/assets/%E0%A4%A", "br")).status).toBe(404);
    const copy = await get("/assets/entry-abc.js.br", "br");
    expect(copy.headers["content-encoding"]).toBeUndefined();
  });
});
