import crypto from "node:crypto";
import type http from "node:http";
import accepts from "accepts";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { splitLanguagePrefix } from "../app/domain/languages";
import { matchesIfNoneMatch } from "../app/server/if-none-match";
import { cutPage, splicedGzip, splicedPlain, type MemberFill } from "./nonce-gzip";
import type { RenderedPage, RenderedPageCache } from "./rendered-page-cache";

/**
 * HTTP caching of the pages anonymous visitors see (docs/decisions/0012-http-caching.md).
 *
 * Why a middleware that buffers: the ETag must be a hash of the page, and every page embeds this
 * response's CSP nonce, so the hash is taken over the body with the nonce replaced by a constant.
 * That needs the whole body before the headers go out, so an anonymous page (80–170 KB) loses
 * streaming; signed-in pages, API routes, images and live streams are never buffered.
 * Compression runs after this (it was mounted first, so it wraps the writes we end up making):
 * the ETag is over the uncompressed page, and is weak because gzip and identity share it.
 *
 * - No session cookie, HTML, 200: public for shared caches for a minute, revalidated by browsers
 *   every time; `If-None-Match` answers 304 without a body and without a Content-Security-Policy
 *   (the browser keeps the cached page with its own nonce and its own policy).
 * - The same with a Set-Cookie (e.g. the remembered language): private, still with an ETag.
 * - HEAD: the same Cache-Control, but no ETag (React Router renders HEAD without a body).
 * - A request that may be a member's (`mayCarrySession`), or a render that resolved a member
 *   (`markRenderedForMember`): HTML is `private, no-store`, no ETag, no 304, streamed as before, never kept.
 * - Any other status without a Cache-Control of its own: `no-store`.
 *
 * With a RenderedPageCache (docs/rules/quality.md#anonymous-throughput), an anonymous GET of a /fr/… or /en/… page is also kept
 * as rendered, gzip-compressed once; http/kept-pages-first.ts answers the next ones from there,
 * before Express, with each response's nonce put in (`answerKeptPage`). Any write this process
 * answers drops the kept pages (the live-update notices drop them for writes on other
 * processes). Unprefixed addresses depend on the language cookie and header: not kept.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600";
const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";
const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/**
 * better-auth's cookies are all named `parcours.…` (`__Secure-parcours.…` over HTTPS). Any mention of that name
 * counts, whatever surrounds it: the auth library's two cookie parsers trim spaces and tabs around names and values,
 * drop quotes and percent-decode values, so a test of the header's shape missed spellings they accept and kept a
 * member's page for everyone (decision 0037). A visitor holding a stale cookie is rendered each time: time, never privacy.
 */
const AUTH_COOKIE_NAME = /parcours\./i;

/** Paths whose responses keep their own caching: API (incl. /api/live), images. */
const UNTOUCHED_PATHS = /^\/(?:api|images|assets)(?:\/|$)/;

/** Whether a request may carry a session, in any spelling the auth library accepts: such a request is never answered from, nor kept among, the shared pages. */
export function mayCarrySession(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && AUTH_COOKIE_NAME.test(cookieHeader);
}

const RENDERED_FOR_MEMBER = Symbol("rendered for a member");

/**
 * Called by the load context when the render's session lookup found a member: whatever the request looked like,
 * what this render shows is theirs, so it is neither kept nor publicly cacheable (decision 0037).
 */
export function markRenderedForMember(response: http.ServerResponse): void {
  (response as http.ServerResponse & { [RENDERED_FOR_MEMBER]?: true })[RENDERED_FOR_MEMBER] = true;
}

function renderedForMember(response: http.ServerResponse): boolean {
  return (response as http.ServerResponse & { [RENDERED_FOR_MEMBER]?: true })[RENDERED_FOR_MEMBER] === true;
}

/** The weak ETag of a page: a hash of its body with the response's nonce replaced by a constant. */
export function pageEtag(body: Buffer, nonce: string | undefined): string {
  const text = body.toString("utf8");
  const normalized = nonce ? text.split(nonce).join("{nonce}") : text;
  return `W/"${crypto.createHash("sha256").update(normalized).digest("base64url").slice(0, 32)}"`;
}

function isHtml(response: Response): boolean {
  return /^text\/html\b/i.test(String(response.getHeader("Content-Type") ?? ""));
}

/** Headers the kept page must not carry to another response: this one's caching, length, encoding, nonce policy. */
export const UNKEPT_HEADERS = new Set(["set-cookie", "cache-control", "etag", "vary", "content-length", "content-encoding", "transfer-encoding", "content-security-policy", "date"]);

/**
 * Which kept page an anonymous GET may get, by its address as sent (path and query): crawlers are rendered whole at
 * once (entry.server.tsx), browsers streamed. Null for the addresses never kept (no language prefix).
 */
export function keptPageKey(request: http.IncomingMessage, address: string): string | null {
  if (request.method !== "GET" || !splitLanguagePrefix(address.split("?", 1)[0]!).language) return null;
  return `${isbot(request.headers["user-agent"] ?? "") ? "crawler" : "browser"} ${address}`;
}

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

export function anonymousPageCache(keptPages?: RenderedPageCache) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (keptPages && request.method !== "GET" && request.method !== "HEAD") {
      // A write answered without error may have changed any page (ratings move averages, rankings, counts).
      response.on("finish", () => response.statusCode < 400 && keptPages.dropAll());
    }
    if ((request.method !== "GET" && request.method !== "HEAD") || UNTOUCHED_PATHS.test(request.path)) return next();
    const mayBeMember = mayCarrySession(request.headers.cookie);
    // What the render used decides too: it is known once the load context has looked the session up, before any write.
    const signedIn = () => mayBeMember || renderedForMember(response);
    // A page kept meanwhile is answered before Express (kept-pages-first.ts): this one is rendered, and kept.
    const keptKey = keptPages && !mayBeMember ? keptPageKey(request, request.originalUrl) : null;
    const startedIn = keptPages?.generation() ?? 0;
    const earlierHeaders = new Set(Object.keys(response.getHeaders()));

    const write = response.write.bind(response) as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean;
    const end = response.end.bind(response) as (chunk?: Chunk, encoding?: BufferEncoding, callback?: Callback) => Response;
    let mode: "undecided" | "pass" | "buffer" = "undecided";
    const chunks: Buffer[] = [];

    const setPagePolicy = () => {
      // Responses setting a cookie are never public; unprefixed addresses depend on the language cookie and header.
      response.setHeader("Cache-Control", response.hasHeader("Set-Cookie") ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL);
      response.vary("Cookie");
      response.vary("Accept-Language");
    };

    /** Decided at the first write: by then React Router has set the status and every header. */
    const decide = () => {
      if (mode !== "undecided") return;
      mode = "pass";
      if (response.headersSent) return;
      if (signedIn()) {
        if (isHtml(response)) response.setHeader("Cache-Control", SIGNED_IN_CACHE_CONTROL);
      } else if (response.statusCode === 200 && isHtml(response) && !response.hasHeader("Cache-Control")) {
        if (request.method === "GET") mode = "buffer";
        // React Router answers HEAD without a body, so there is nothing to hash: the same policy, no ETag.
        else setPagePolicy();
      } else if (response.statusCode !== 200 && !response.hasHeader("Cache-Control")) {
        response.setHeader("Cache-Control", "no-store");
      }
    };

    const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
      typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

    response.write = function (chunk: Chunk, encodingOrCallback?: BufferEncoding | Callback, callback?: Callback) {
      decide();
      if (mode === "pass") return write(chunk, encodingOrCallback as BufferEncoding, callback);
      const encoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
      chunks.push(toBuffer(chunk, encoding));
      const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      if (done) process.nextTick(done);
      return true;
    } as Response["write"];

    response.end = function (first?: Chunk | Callback, second?: BufferEncoding | Callback, third?: Callback) {
      // end(callback), end(chunk, callback) and end(chunk, encoding, callback)
      const chunk = typeof first === "function" ? undefined : first;
      const encodingOrCallback = typeof second === "string" ? second : undefined;
      const callback = typeof first === "function" ? first : typeof second === "function" ? second : third;
      decide();
      if (mode === "pass") return end(chunk as Chunk, encodingOrCallback, callback);
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encodingOrCallback));
      // An error after the body began (a 500 from the error handler) replaces the partial page.
      if (response.statusCode !== 200 || response.headersSent) {
        if (!response.headersSent) response.setHeader("Cache-Control", "no-store");
        return end(chunk as Chunk, encodingOrCallback, callback);
      }
      const body = Buffer.concat(chunks);
      const nonce = response.locals.nonce as string | undefined;
      const etag = pageEtag(body, nonce);
      if (keptKey && nonce && !response.hasHeader("Set-Cookie")) {
        const headers = Object.entries(response.getHeaders()).filter(([name]) => !earlierHeaders.has(name) && !UNKEPT_HEADERS.has(name));
        keptPages!.store(keptKey, startedIn, { headers: headers as RenderedPage["headers"], etag, cut: cutPage(body, nonce) });
      }
      setPagePolicy();
      response.setHeader("ETag", etag);
      if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) {
        response.statusCode = 304;
        // The cached page keeps the policy that matches its nonce; a new nonce's policy would block its scripts.
        for (const name of ["Content-Security-Policy", "Content-Type", "Content-Length", "Transfer-Encoding"]) response.removeHeader(name);
        return end(undefined, undefined, callback);
      }
      return end(body, undefined, callback);
    } as Response["end"];

    next();
  };
}

/** A kept page, as the first visitor got it but with this response's nonce (its policy was set before us). */
export function answerKeptPage(request: http.IncomingMessage, response: http.ServerResponse, page: RenderedPage, nonce: string) {
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  response.setHeader("Vary", "Cookie, Accept-Language, Accept-Encoding");
  response.setHeader("ETag", page.etag);
  if (matchesIfNoneMatch(request.headers["if-none-match"], page.etag)) {
    response.statusCode = 304;
    for (const name of ["Content-Security-Policy", "Content-Type"]) response.removeHeader(name);
    return response.end();
  }
  sendKeptBody(request, response, page, nonce);
}

/** Ends the response with the kept page, `nonce` in it and a member's part (decision 0060) before `</head>` and in their slots (decision 0064): gzip when the client takes it. */
export function sendKeptBody(request: http.IncomingMessage, response: http.ServerResponse, page: RenderedPage, nonce: string, member?: MemberFill) {
  const gzip = accepts(request).encoding("gzip", "identity") === "gzip";
  const body = gzip ? splicedGzip(page.gzip, nonce, member) : splicedPlain(page.gzip, nonce, member);
  if (gzip) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", body.length);
  response.end(body);
}
