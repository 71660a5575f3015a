import type http from "node:http";
import { answerKeptPage, mayCarrySession, keptPageKey } from "./anonymous-page-cache";
import type { RenderedPageCache } from "./rendered-page-cache";

/** What a kept page's answer was, for the request's log line. */
export type KeptAnswer = { id: string; request: http.IncomingMessage; response: http.ServerResponse; startedAt: number };

/**
 * Kept anonymous pages answered before Express (docs/rules/quality.md#anonymous-throughput, decision 0030).
 * A kept page needs none of what Express's middleware does for a render (the
 * query count, compression, the origin and body checks, React Router): going
 * through them took about half of its time. The server's request listener
 * asks this first and hands the request to Express when it answers false:
 * not a GET, a cookie that may carry a session, a body, an address without a language prefix,
 * or no page kept for it. The answer has what Express's would have had: the
 * security headers with a nonce of its own (`writeSecurityHeaders`), the
 * request id (`requestId`, which sends it back), the count of requests under way (`watch`) and one
 * log line (`logged`).
 */
export function keptPagesFirst(options: {
  keptPages: RenderedPageCache;
  writeSecurityHeaders: (response: http.ServerResponse) => string;
  requestId: (request: http.IncomingMessage, response: http.ServerResponse) => string;
  watch: (response: http.ServerResponse) => void;
  logged: (answer: KeptAnswer) => void;
}): (request: http.IncomingMessage, response: http.ServerResponse) => boolean {
  return (request, response) => {
    if (mayCarrySession(request.headers.cookie)) return false;
    // A GET with a body is refused by Express's body limits, as before.
    if (request.headers["content-length"] || request.headers["transfer-encoding"]) return false;
    // Null but for a GET of a /fr/… or /en/… address.
    const key = keptPageKey(request, request.url ?? "/");
    const page = key ? options.keptPages.get(key) : undefined;
    if (!page) return false;
    const startedAt = performance.now();
    options.watch(response);
    const id = options.requestId(request, response);
    answerKeptPage(request, response, page, options.writeSecurityHeaders(response));
    options.logged({ id, request, response, startedAt });
    return true;
  };
}
