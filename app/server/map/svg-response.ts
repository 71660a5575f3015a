import { matchesIfNoneMatch } from "../if-none-match";
import type { SvgFile } from "./base-map";

/**
 * A drawn SVG file as a response: cacheable (a day, then revalidated with its ETag: a base map changes only with
 * a new release of the dataset, a locator only when its park moves), and a 304 when the browser already has it.
 * As a document of its own it may run nothing and load nothing. A drawing that changes with the catalogue (a park's
 * skyline) passes a shorter `cacheControl`.
 */
export function svgResponse(request: Request, file: SvgFile, cacheControl = "public, max-age=86400"): Response {
  const headers = new Headers({
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": cacheControl,
    ETag: file.etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), file.etag)) return new Response(null, { status: 304, headers });
  return new Response(file.body, { headers });
}

export function svgNotFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Seconds a refused drawing is worth retrying after: about the time the queue takes to drain (decision 0039). */
const BUSY_RETRY_SECONDS = 2;

/** Too many fresh drawings waiting: nothing is wrong with the address, so the browser may ask again. */
export function svgBusy(): Response {
  return new Response("Busy drawing maps", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(BUSY_RETRY_SECONDS) },
  });
}
