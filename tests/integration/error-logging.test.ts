import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { createElement } from "react";
import { Outlet, data, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as entryServer from "~/entry.server";

/**
 * React Router's request handler with our entry module (app/entry.server.tsx),
 * behind pino-http as http/main.ts sets it up (request id, `request.log` in the
 * load context), over a small route table whose loaders and actions fail on
 * purpose. Every log line is collected as JSON.
 */
let server: http.Server;
let base: string;
let lines: Record<string, unknown>[] = [];

const failingRoute = {
  loader: () => {
    throw new Error("database unreachable");
  },
  action: () => {
    throw new Error("write refused by the database");
  },
  default: () => createElement("p", null, "never shown"),
  ErrorBoundary: () => createElement("p", null, "error page"),
};
const missingRoute = {
  loader: () => {
    throw data("Parc non trouvé", { status: 404 });
  },
  default: () => null,
  ErrorBoundary: () => createElement("p", null, "not found page"),
};
const root = { default: () => createElement("main", null, createElement(Outlet)) };

function manifestEntry(id: string, module: object) {
  return {
    id,
    parentId: id === "root" ? undefined : "root",
    path: id === "root" ? "" : id,
    module: `/${id}.js`,
    hasLoader: "loader" in module,
    hasAction: "action" in module,
    hasClientLoader: false,
    hasClientAction: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in module,
    imports: [],
  };
}

const modules = { root, failing: failingRoute, missing: missingRoute };
const build = {
  entry: { module: entryServer },
  routes: Object.fromEntries(
    Object.entries(modules).map(([id, module]) => [id, { ...manifestEntry(id, module), module }]),
  ),
  assets: {
    entry: { module: "/entry.client.js", imports: [] },
    routes: Object.fromEntries(Object.entries(modules).map(([id, module]) => [id, manifestEntry(id, module)])),
    url: "/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ base: { service: "parcours" } }, destination);
  const app = express();
  app.use(
    pinoHttp({
      logger,
      genReqId: (request) => String(request.headers["x-request-id"]),
      serializers: { req: (request) => ({ id: request.id, method: request.method, url: request.url }) },
    }),
  );
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (request) => ({ logger: request.log, nonce: "test-nonce" }) as never,
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

afterEach(() => {
  lines = [];
  vi.restoreAllMocks();
});

/** Fails the test if anything reaches stderr or the console other than through the logger. */
function watchStderr() {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  vi.spyOn(console, "error").mockImplementation((...values) => void written.push(values.join(" ")));
  return written;
}

async function send(path: string, requestId: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { ...init, headers: { "x-request-id": requestId, ...init.headers } });
  await response.text();
  // pino-http writes the request's own line when the response finishes.
  await vi.waitFor(() => expect(lines.some((line) => line.msg === "request completed" || line.msg === "request errored")).toBe(true));
  return response;
}

function errorLines() {
  return lines.filter((line) => line.level === 50 && line.msg === "unexpected error");
}

describe("unexpected errors go through the request's structured log", () => {
  it("a loader's error on a page is one JSON line with the request id and the error", async () => {
    const stderr = watchStderr();
    const response = await send("/failing", "page-load-1");
    expect(response.status).toBe(500);
    expect(errorLines()).toEqual([
      expect.objectContaining({
        service: "parcours",
        req: { id: "page-load-1", method: "GET", url: "/failing" },
        err: expect.objectContaining({ type: "Error", message: "database unreachable", stack: expect.stringContaining("database unreachable") }),
      }),
    ]);
    expect(stderr).toEqual([]);
  });

  it("a loader's error on a data request (client navigation) is logged the same way", async () => {
    const stderr = watchStderr();
    await send("/failing.data", "data-load-1");
    expect(errorLines()).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ id: "data-load-1" }), err: expect.objectContaining({ message: "database unreachable" }) }),
    ]);
    expect(stderr).toEqual([]);
  });

  it("an action's error is logged the same way, for a form post and for a fetcher", async () => {
    const stderr = watchStderr();
    const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" };
    await send("/failing", "form-post-1", form);
    await send("/failing.data", "fetcher-post-1", form);
    const logged = errorLines().map((line) => [(line.req as { id: string }).id, (line.err as { message: string }).message]);
    expect(logged).toContainEqual(["form-post-1", "write refused by the database"]);
    expect(logged).toContainEqual(["fetcher-post-1", "write refused by the database"]);
    expect(stderr).toEqual([]);
  });

  it("a 404 thrown on purpose is not an error", async () => {
    const stderr = watchStderr();
    const response = await send("/missing", "missing-1");
    expect(response.status).toBe(404);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(stderr).toEqual([]);
  });

  it("a request the client abandoned is not logged as an error", () => {
    const abandoned = new AbortController();
    abandoned.abort();
    const logger = { error: vi.fn(), warn: vi.fn() };
    entryServer.handleError(new Error("aborted mid-render"), {
      request: new Request("http://parcours.test/failing", { signal: abandoned.signal }),
      context: { logger } as never,
      params: {},
    });
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
