import crypto from "node:crypto";
import type http from "node:http";
import type express from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { KeptAnswer } from "./kept-pages-first";
import { redactedAddress } from "./redacted-address";

/** The request's id: the caller's X-Request-Id when it is a plain token, else a new one; it goes back with the response. */
export function requestId(request: http.IncomingMessage, response: http.ServerResponse): string {
  const incoming = request.headers["x-request-id"];
  const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  response.setHeader("X-Request-Id", id);
  return id;
}

function queriesOf(response: http.ServerResponse): number | undefined {
  return ((response as express.Response).locals?.queries as { count: number } | undefined)?.count;
}

/** How a request is named on its log lines: its address without the secrets some addresses carry (redacted-address.ts). */
function loggedRequest(id: unknown, request: http.IncomingMessage) {
  return { id, method: request.method, url: redactedAddress(request.url ?? "/") };
}

/**
 * One JSON line per request answered by Express, with the request id, the status, the time and the request's SQL
 * statement count (app/server/db/query-count.ts); every line the request's own logger writes names it the same way.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: { ignore: (request) => request.url === "/healthz" },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : response.statusCode >= 400 ? "warn" : "info"),
    customSuccessObject: (_request, response, value) => ({ ...value, queries: queriesOf(response) }),
    customErrorObject: (_request, response, _error, value) => ({ ...value, queries: queriesOf(response) }),
    serializers: {
      req: (request: http.IncomingMessage & { id?: unknown }) => loggedRequest(request.id, request),
      res: (response: http.ServerResponse) => ({ statusCode: response.statusCode }),
    },
  });
}

/** The line pino-http writes for the requests Express answers, for a kept page's answer: no SQL statement but a member's own (decision 0060). */
export function keptAnswerLogLine({ id, request, response, startedAt, queries = 0 }: KeptAnswer & { queries?: number }) {
  return { req: loggedRequest(id, request), res: { statusCode: response.statusCode }, responseTime: Math.round(performance.now() - startedAt), queries };
}
