import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { sql } from "drizzle-orm";
import { RETRY_AFTER_SECONDS, databaseUnavailableAnswer } from "../app/server/database-unavailable";
import type { DatabaseHandle } from "../app/server/db/database";
import { isDatabaseUnavailable } from "../app/server/db/errors";

/** A health check that waits longer than this reports the database unreachable rather than hanging the prober. */
const HEALTH_CHECK_TIMEOUT_MS = 3_000;

/** What the outage answer needs of an Express request: its address and the headers that choose the language. */
function toFetchRequest(request: Request): globalThis.Request {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new globalThis.Request(new URL(request.originalUrl, "http://parcours.invalid"), { headers });
}

/**
 * Last in line: an error that says the database is out of reach (the session
 * lookup of the load context, before any loader) becomes the outage's 503
 * (decision 0026); any other error goes on to Express's own 500.
 */
export const answerDatabaseOutage: ErrorRequestHandler = (error, request, response, next) => {
  if (!isDatabaseUnavailable(error) || response.headersSent) return next(error);
  request.log.warn({ err: error }, "database unavailable");
  const answer = databaseUnavailableAnswer(toFetchRequest(request));
  response.status(answer.status).set(answer.headers).send(answer.body);
};

/** GET /healthz: 200 when the database answers `select 1` in time, else 503 with the reason and Retry-After. */
export function healthCheck(database: DatabaseHandle, figures: () => object = () => ({})): RequestHandler {
  return async (request, response) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`)), HEALTH_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([database.db.execute(sql`select 1`), timeout]);
      // The live figures let an operator (and the soak test) see streams or subscriptions that were never released.
      response.json({ status: "ok", database: database.kind, ...figures() });
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      const reason = `database unreachable: ${(error as { code?: string }).code ?? (error as Error).message}`;
      response.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "unavailable", database: database.kind, reason });
    } finally {
      clearTimeout(timer);
    }
  };
}
