import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { drainListenersFollowCompression } from "../../http/drain-listeners";

/**
 * A page streamed the way React Router streams it (writeReadableStreamToWritable,
 * which waits for every drain) through compression, as in http/main.ts.
 */
let server: http.Server;
let base: string;
const CHUNK = crypto.randomBytes(32 * 1024).toString("hex"); // 64 KB that compresses only 2:1
const CHUNKS = 64;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(drainListenersFollowCompression);
  app.get("/page", async (_request, response) => {
    response.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    let sent = 0;
    const page = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === CHUNKS) controller.close();
        else controller.enqueue(new TextEncoder().encode(CHUNK));
      },
    });
    await writeReadableStreamToWritable(page, response);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("a large compressed page waits for drain without piling up listeners", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${base}/page`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      // fetch decompresses: the whole page arrives, in order.
      const body = await response.text();
      expect(body.length).toBe(CHUNK.length * CHUNKS);
      expect(body.startsWith(CHUNK) && body.endsWith(CHUNK)).toBe(true);
    }
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  expect(warnings.filter((warning) => warning.includes("MaxListenersExceededWarning"))).toEqual([]);
});
