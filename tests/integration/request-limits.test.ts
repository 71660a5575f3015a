import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import express from "express";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { loader as liveLoader } from "~/routes/api.live";
import { loadConfig } from "~/server/config";
import { createLiveHub, type LiveHub } from "~/server/live/live-hub";
import { parkTopic } from "~/domain/live-topics";
import { limitRequestBodies, RIDE_LOG_IMPORT_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES } from "../../http/body-limits";
import { clientAddress } from "../../http/client-address";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Over real HTTP (decision 0028): the per-address cap on live streams (the
 * configured default, 20) and the per-route body limits of http/main.ts,
 * in front of a stand-in for React Router that counts what reaches it.
 */
const PARK = "0b9e1c1e-7c55-4c2a-9d55-2f1f1e2d3c4b";
let database: TestDatabase;
let hub: LiveHub;
let server: http.Server;
let port: number;
const reached: string[] = [];

/** The manifest React Router's build would hold for app/routes.ts (ids as the build gives them). */
function manifestOf(entries: RouteConfigEntry[], parentId: string, manifest: Record<string, unknown> = {}) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
    manifestOf(entry.children ?? [], id, manifest);
  }
  return manifest;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ TRUSTED_PROXY_HEADER: "x-real-ip" });
  hub = await createLiveHub(database.listen, pino({ level: "silent" }), { maxStreamsPerClient: config.liveStreamsPerAddress });
  const build = { routes: { root: { id: "root", path: "" }, ...manifestOf(await routes, "root") } } as unknown as ServerBuild;
  const app = express();
  app.use(clientAddress(config.trustedProxyHeader));
  app.use(limitRequestBodies(build));
  app.get("/api/live", async (request, response) => {
    const abort = new AbortController();
    response.on("close", () => abort.abort());
    const headers = new Headers(request.headers as Record<string, string>);
    const answer = (await liveLoader({
      request: new Request(`http://parcours.test${request.url}`, { headers, signal: abort.signal }),
      params: {},
      context: { liveHub: hub },
    } as unknown as Parameters<typeof liveLoader>[0])) as Response;
    response.status(answer.status);
    answer.headers.forEach((value, name) => response.setHeader(name, value));
    response.flushHeaders();
    if (answer.body) await writeReadableStreamToWritable(answer.body, response);
    else response.end();
  });
  // Where React Router's actions would run: anything that gets here could write.
  app.use((request, response) => {
    reached.push(`${request.method} ${request.path}`);
    request.resume();
    request.on("end", () => response.status(204).end());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await hub?.close();
  await database?.close();
});

/** Opens a live stream from `address` and resolves once its status (and, when 200, its first event) arrived. */
function openStream(address: string): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders; close: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = Number(received.slice(9, 12));
      const body = received.slice(end + 4);
      if (status === 200 && !body.includes("retry:")) return;
      const headers = Object.fromEntries(
        received
          .slice(0, end)
          .split("\r\n")
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status, text: body, headers, close: () => socket.destroy() });
    });
    socket.write(`GET /api/live?topic=${parkTopic(PARK)} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Real-IP: ${address}\r\nAccept-Language: fr\r\n\r\n`);
  });
}

/** Sends a request announcing `declared` bytes but only the first `sent` of them, and reads the answer. */
function post(path: string, declared: number | "chunked", headers: Record<string, string>, sent = 1024): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("close", () => {
      const end = received.indexOf("\r\n\r\n");
      resolve({ status: Number(received.slice(9, 12)), text: received.slice(end + 4) });
    });
    const length = declared === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`;
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${length}\r\nConnection: close\r\n${lines.join("")}\r\n`);
    socket.write("a".repeat(declared === "chunked" ? 0 : Math.min(sent, declared)));
    if (declared !== "chunked" && sent >= declared) socket.end();
  });
}

describe("live streams per client address", () => {
  it("keeps 20 streams of one address open and refuses the 21st with a translated 429, while another address gets one", async () => {
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream("198.51.100.7")));
    expect(streams.map((stream) => stream.status)).toEqual(Array(20).fill(200));
    const refused = await openStream("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(refused.text).toContain("Trop de connexions en direct depuis votre adresse");
    refused.close();
    const other = await openStream("198.51.100.8");
    expect(other.status).toBe(200);
    expect(hub.counts().streams).toBe(21);
    // One stream closes: its place is free again.
    streams[0]!.close();
    await expect.poll(() => hub.counts().streams).toBe(20);
    const again = await openStream("198.51.100.7");
    expect(again.status).toBe(200);
    for (const stream of [...streams, other, again]) stream.close();
    await expect.poll(() => hub.counts()).toEqual({ streams: 0, subscriptions: 0 });
  });
});

describe("request body limits", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "fr" };

  it("refuses an oversized form, JSON document or upload before reading it, in the page's language, and reaches no action", async () => {
    reached.length = 0;
    const login = await post("/fr/login", SMALL_BODY_MAX_BYTES + 1, form);
    expect(login.status).toBe(413);
    expect(login.text).toContain("Les données envoyées dépassent la taille permise (64 KB) : rien n&#39;a été enregistré.");
    expect(login.text).toMatch(/^<!doctype html><html lang="fr">/);

    const english = await post("/en/account.data", 10 * 1024 * 1024, form);
    expect(english.status).toBe(413);
    expect(english.text).toBe("What was sent is larger than allowed (64 KB): nothing was saved.");

    const plan = await post(`/api/plans/${PARK}`, 1024 * 1024, { "Content-Type": "application/json" });
    expect(plan.status).toBe(413);
    expect(JSON.parse(plan.text)).toMatchObject({ ok: false, error: "errors.bodyTooLarge" });

    // A park page takes five photos of 10 MB at most; a vote on it (no picture) takes a small form.
    const photos = await post("/fr/parc-asterix?intent=rate-park", 60 * 1024 * 1024, { "Content-Type": "multipart/form-data; boundary=x" });
    expect(photos.status).toBe(413);
    expect(photos.text).toContain("(51 MB)");
    const vote = await post("/parc-asterix", 300 * 1024, form);
    expect(vote.status).toBe(413);

    // The ride log's import takes a file of 1 MB and its confirmation a checkbox per line, but no more (docs/rules/ride-log.md#import-and-export).
    const rideLog = await post("/en/profile/ride-log", RIDE_LOG_IMPORT_BODY_MAX_BYTES + 1, { "Content-Type": "multipart/form-data; boundary=x", "Accept-Language": "en" });
    expect(rideLog.status).toBe(413);
    expect(rideLog.text).toContain("(3 MB)");

    const chunked = await post("/fr/duels", "chunked", form);
    expect(chunked.status).toBe(411);
    expect(chunked.text).toContain("La taille des données envoyées doit être annoncée");
    expect(reached).toEqual([]);
  });

  it("lets bodies within their route's limit through", async () => {
    reached.length = 0;
    expect((await post("/fr/login", SMALL_BODY_MAX_BYTES, form, SMALL_BODY_MAX_BYTES)).status).toBe(204);
    expect((await post("/fr/contribute", 2 * 1024 * 1024, { "Content-Type": "multipart/form-data; boundary=x" }, 2 * 1024 * 1024)).status).toBe(204);
    const importBody = RIDE_LOG_IMPORT_BODY_MAX_BYTES;
    expect((await post("/fr/profile/ride-log.data", importBody, { "Content-Type": "multipart/form-data; boundary=x" }, importBody)).status).toBe(204);
    expect(reached).toEqual(["POST /fr/login", "POST /fr/contribute", "POST /fr/profile/ride-log.data"]);
  });
});
