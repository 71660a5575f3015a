import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymousPageCache, PUBLIC_PAGE_CACHE_CONTROL } from "../../http/anonymous-page-cache";
import { keptPagesFirst, type KeptAnswer } from "../../http/kept-pages-first";
import { createRenderedPageCache } from "../../http/rendered-page-cache";
import { securityHeaderWriter, securityHeaders } from "../../http/security-headers";

/**
 * Anonymous pages (decision 0030) kept as rendered (http/rendered-page-cache.ts) by the
 * middleware of http/anonymous-page-cache.ts, in an Express app built like http/main.ts,
 * in front of a page handler that counts its renders and streams like React Router; kept pages
 * are answered before Express by http/kept-pages-first.ts, as the server's listener does.
 */
let server: http.Server;
let base: string;
let renders = 0;
let shown = "first";
const kept = createRenderedPageCache();
/** A render the test holds open: `started` resolves when the handler runs, and it finishes when `finish` is called. */
let heldRender: { started: () => void; finished: Promise<void> } | null = null;
/** The kept pages' answers, as the server's log gets them. */
const keptAnswers: KeptAnswer[] = [];
/** The responses counted among the requests under way (a shutdown waits for them). */
const watched: http.ServerResponse[] = [];
const securityOptions = { development: false, https: false, formTargets: [] };

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(securityHeaders(securityOptions));
  app.use(anonymousPageCache(kept));
  app.post("/fr/rate", (request, response) => {
    shown = String(request.query.value);
    response.status(request.query.refused ? 403 : 200).end();
  });
  app.get(["/fr/park", "/en/park", "/park"], async (request, response) => {
    renders += 1;
    const nonce = response.locals.nonce as string;
    response.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    response.setHeader("Link", "</assets/park.js>; rel=modulepreload");
    response.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
    if (heldRender) {
      heldRender.started();
      await heldRender.finished;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    response.write(`<body><p>${shown}</p>${"Parc Astérix — manèges ".repeat(300)}${request.query.q ?? ""}`);
    response.end(`<script nonce="${nonce}">2</script></body></html><!--${nonce}-->`);
  });
  const answerKeptPage = keptPagesFirst({
    keptPages: kept,
    writeSecurityHeaders: securityHeaderWriter(securityOptions),
    requestId: (request, response) => {
      const id = String(request.headers["x-request-id"] ?? "new-id");
      response.setHeader("X-Request-Id", id);
      return id;
    },
    watch: (response) => watched.push(response),
    logged: (answer) => keptAnswers.push(answer),
  });
  server = http.createServer((request, response) => {
    if (!answerKeptPage(request, response)) app(request, response);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  kept.dropAll();
  keptAnswers.length = 0;
  watched.length = 0;
  renders = 0;
  shown = "first";
});

function policyNonce(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!;
}

/** The raw gzip bytes as sent (fetch would decode them), to check them with Node's own gunzip. */
async function rawGzip(path: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    // The same user agent as fetch's (which isbot takes for a crawler): the same kept page.
    request(`${base}${path}`, { headers: { "accept-encoding": "gzip", "user-agent": "node" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("kept anonymous pages", () => {
  it("renders a page once, then answers it from memory with each response's own nonce, gzip or not", async () => {
    const first = await fetch(`${base}/fr/park`);
    const firstBody = await first.text();
    expect(renders).toBe(1);

    const again = await rawGzip("/fr/park");
    expect(renders).toBe(1);
    expect(again.headers["content-encoding"]).toBe("gzip");
    expect(again.headers["cache-control"]).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(again.headers.etag).toBe(first.headers.get("etag"));
    expect(again.headers.link).toBe("</assets/park.js>; rel=modulepreload");
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
    const nonce = /'nonce-([^']+)'/.exec(String(again.headers["content-security-policy"]))![1]!;
    const page = zlib.gunzipSync(again.body).toString("utf8");
    // Every place of the first nonce now holds this response's, and nothing else changed.
    expect(page).toBe(firstBody.replaceAll(policyNonce(first), nonce));
    expect(page.split(nonce)).toHaveLength(4);

    const plain = await fetch(`${base}/fr/park`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(firstBody.replaceAll(policyNonce(first), policyNonce(plain)));
    expect(renders).toBe(1);

    const revalidated = await fetch(`${base}/fr/park`, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(renders).toBe(1);
  });

  it("answers a kept page before Express with the same security headers, the caller's request id and one log entry; a GET with a body and a HEAD go to Express", async () => {
    const first = await fetch(`${base}/fr/park`);
    await first.text();
    expect(keptAnswers).toHaveLength(0);
    const again = await fetch(`${base}/fr/park`, { headers: { "x-request-id": "kept-42" } });
    await again.text();
    expect(renders).toBe(1);
    expect(again.headers.get("x-request-id")).toBe("kept-42");
    for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-opener-policy", "cross-origin-resource-policy", "permissions-policy"]) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name));
    }
    // The same policy, with another nonce.
    expect(policyNonce(again)).not.toBe(policyNonce(first));
    expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy")!.replace(policyNonce(first), policyNonce(again)));
    expect(keptAnswers.map(({ id, request, response }) => [id, request.url, response.statusCode])).toEqual([["kept-42", "/fr/park", 200]]);
    expect(watched).toEqual([keptAnswers[0]!.response]);

    // React Router answers these itself: a GET's body is refused by the body limits, a HEAD has no body to keep.
    await (await fetch(`${base}/fr/park`, { method: "HEAD" })).text();
    await new Promise<void>((resolve, reject) => {
      const request = http.request(`${base}/fr/park`, { method: "GET", headers: { "content-length": "2" } }, (response) => {
        response.resume();
        response.on("end", resolve);
      });
      request.on("error", reject);
      request.end("{}");
    });
    expect(renders).toBe(3);
    expect(keptAnswers).toHaveLength(1);
  });

  it("keeps a crawler's page apart from a browser's (entry.server.tsx renders them differently)", async () => {
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" };
    const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    await fetch(`${base}/fr/park`, { headers: browser });
    await fetch(`${base}/fr/park`, { headers: crawler });
    await fetch(`${base}/fr/park`, { headers: browser });
    await fetch(`${base}/fr/park`, { headers: crawler });
    expect(renders).toBe(2);
  });

  it("keeps each address apart, query string included, and each language", async () => {
    await fetch(`${base}/fr/park`);
    await fetch(`${base}/en/park`);
    const searched = await (await fetch(`${base}/fr/park?q=<b>dragon</b>`)).text();
    expect(searched).toContain("<b>dragon</b>");
    expect(renders).toBe(3);
    await fetch(`${base}/fr/park?q=<b>dragon</b>`);
    await fetch(`${base}/en/park`);
    expect(renders).toBe(3);
  });

  it("drops every page when a write is answered, so the next visitor sees the change at once; not when it is refused", async () => {
    expect(await (await fetch(`${base}/fr/park`)).text()).toContain("<p>first</p>");
    await fetch(`${base}/fr/rate?value=refused&refused=1`, { method: "POST" });
    // A refused write changed nothing (in the app; here the fake handler did, to show the page is still the kept one).
    expect(await (await fetch(`${base}/fr/park`)).text()).toContain("<p>first</p>");
    await fetch(`${base}/fr/rate?value=second`, { method: "POST" });
    expect(await (await fetch(`${base}/fr/park`)).text()).toContain("<p>second</p>");
    expect(renders).toBe(2);
  });

  it("never answers a signed-in visitor from the kept pages, nor keeps theirs; unprefixed addresses are not kept", async () => {
    await fetch(`${base}/fr/park`);
    await fetch(`${base}/fr/park`, { headers: { cookie: "parcours.session_token=abc.def" } });
    await fetch(`${base}/fr/park`, { headers: { cookie: "lang=en; parcours.session_token=abc.def" } });
    expect(renders).toBe(3);
    await fetch(`${base}/park`);
    await fetch(`${base}/park`);
    expect(renders).toBe(5);
    expect(kept.size()).toBe(1);
  });

  it("does not keep a page rendered while a drop came in: it may show the state before the write", async () => {
    let finish = () => {};
    const started = new Promise<void>((resolve) => {
      heldRender = { started: resolve, finished: new Promise<void>((done) => (finish = done)) };
    });
    const rendering = fetch(`${base}/fr/park`);
    await started;
    kept.dropAll();
    finish();
    heldRender = null;
    await (await rendering).text();
    expect(kept.size()).toBe(0);
  });
});

describe("rendered page cache", () => {
  const page = { headers: [], etag: 'W/"x"', cut: { plain: [Buffer.from("a"), Buffer.from("b")], memberGap: -1, slotOf: [null, null] } };

  it("forgets a page after its time, and the least recently used beyond its size", () => {
    let clock = 0;
    const cache = createRenderedPageCache({ maxAgeMs: 1000, maxPages: 2, now: () => clock });
    cache.store("one", cache.generation(), page);
    cache.store("two", cache.generation(), page);
    expect(cache.get("one")).toBeDefined();
    cache.store("three", cache.generation(), page);
    // "two" was the least recently used.
    expect(cache.get("two")).toBeUndefined();
    expect(cache.get("one")).toBeDefined();
    // Beyond its bytes, too (each page here is 12: its 2 bytes and 10 compressed).
    const small = createRenderedPageCache({ maxBytes: 20 });
    small.store("a", small.generation(), page);
    small.store("b", small.generation(), page);
    expect(small.size()).toBe(1);
    expect(small.get("b")).toBeDefined();
    clock = 1001;
    expect(cache.get("one")).toBeUndefined();
    expect(cache.get("three")).toBeUndefined();
  });
});
