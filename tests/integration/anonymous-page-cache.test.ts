import type http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousPageCache, PUBLIC_PAGE_CACHE_CONTROL } from "../../http/anonymous-page-cache";
import { securityHeaders } from "../../http/security-headers";

/**
 * The middleware in an Express app built like http/main.ts (compression, security headers with a
 * fresh nonce per response), in front of a fake handler that streams its page in chunks as React
 * Router does (with end(), not send(), which would add an ETag of its own).
 */
let server: http.Server;
let base: string;
let counter = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(securityHeaders({ development: false, https: false, formTargets: [] }));
  app.use(anonymousPageCache());
  app.get("/cookie", (_request, response) => {
    response.cookie("lang", "fr");
    response.type("html").end("<p>cookie</p>");
  });
  app.get("/missing", (_request, response) => response.status(404).type("html").end("<p>not found</p>"));
  app.get("/changing", (_request, response) => response.type("html").end(`<p>${++counter}</p>`));
  app.get("/api/thing", (_request, response) => response.json({ ok: true }));
  app.all("/page", async (request, response) => {
    const nonce = response.locals.nonce as string;
    response.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    if (request.method === "HEAD") return response.end();
    response.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    response.write(Buffer.from(`<body>${"Parc Astérix ".repeat(200)}`));
    response.end(`<script nonce="${nonce}">2</script></body></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("anonymous page cache", () => {
  it("gives an anonymous page a public policy and an ETag that ignores the nonce", async () => {
    const first = await fetch(`${base}/page`, { headers: { "accept-encoding": "gzip" } });
    const second = await fetch(`${base}/page`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    expect(first.headers.get("vary")).toMatch(/Accept-Language/);
    const firstBody = await first.text();
    const secondBody = await second.text();
    expect(firstBody).toContain("Parc Astérix");
    // Different nonces, different bytes, one ETag.
    expect(firstBody).not.toBe(secondBody);
    expect(first.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("answers 304 without a body and without a new Content-Security-Policy when the ETag matches", async () => {
    const etag = (await fetch(`${base}/page`)).headers.get("etag")!;
    const revalidated = await fetch(`${base}/page`, { headers: { "if-none-match": `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(await revalidated.text()).toBe("");

    const stale = await fetch(`${base}/page`, { headers: { "if-none-match": 'W/"something-else"' } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-security-policy")).toMatch(/nonce-/);
  });

  it("changes the ETag when the page changes", async () => {
    const one = await fetch(`${base}/changing`);
    const two = await fetch(`${base}/changing`);
    expect(one.headers.get("etag")).not.toBe(two.headers.get("etag"));
  });

  it("answers HEAD with the same policy and no ETag", async () => {
    const head = await fetch(`${base}/page`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(head.headers.get("etag")).toBeNull();
  });

  it("never caches a signed-in page, nor answers it with 304", async () => {
    const etag = (await fetch(`${base}/page`)).headers.get("etag")!;
    for (const cookie of ["parcours.session_token=abc.def", "lang=fr; __Secure-parcours.session_token=abc"]) {
      const response = await fetch(`${base}/page`, { headers: { cookie, "if-none-match": etag } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(await response.text()).toContain("Parc Astérix");
    }
    // Another site's cookie or the language cookie alone is not a session.
    const anonymous = await fetch(`${base}/page`, { headers: { cookie: "lang=fr; other.session_token=x" } });
    expect(anonymous.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("keeps a response that sets a cookie private", async () => {
    const response = await fetch(`${base}/cookie`);
    expect(response.headers.get("set-cookie")).toMatch(/^lang=fr/);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("cache-control")).not.toMatch(/public/);
  });

  it("does not cache other statuses publicly, and leaves API routes alone", async () => {
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("etag")).toBeNull();

    const api = await fetch(`${base}/api/thing`);
    expect(api.headers.get("cache-control")).toBeNull();
    expect(await api.json()).toEqual({ ok: true });
  });
});
