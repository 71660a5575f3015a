import type http from "node:http";
import type express from "express";

type Handler = (request: express.Request, response: express.Response, next: express.NextFunction) => unknown;

/**
 * The requests this process is still handling, so that a shutdown closes the
 * database only once the last of them is done (http/main.ts).
 *
 * A request counts from its arrival until its response has closed, and, for
 * a handler wrapped with `track`, until that handler has returned too: a
 * loader can still be querying after its browser went away.
 */
export function createRequestsUnderWay() {
  let count = 0;
  let stoppingServer: http.Server | null = null;
  const waiting: (() => void)[] = [];

  function begin(): () => void {
    count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      count--;
      if (count > 0) return;
      for (const resolve of waiting.splice(0)) resolve();
    };
  }

  function watch(response: http.ServerResponse) {
    // During a shutdown, a keep-alive connection would otherwise stay open, idle, until its timeout.
    if (stoppingServer) response.setHeader("Connection", "close");
    const end = begin();
    response.on("close", () => {
      end();
      const server = stoppingServer;
      if (server) setImmediate(() => server.closeIdleConnections());
    });
  }

  return {
    /** Counts a request until its response closes: kept pages answered before Express call it themselves. */
    watch,

    /** Express middleware, first in line: counts every request until its response closes. */
    count(_request: express.Request, response: express.Response, next: express.NextFunction) {
      watch(response);
      next();
    },

    /** Wraps a request handler so that the request counts until the handler has returned (or its promise settled). */
    track(handler: Handler): Handler {
      return async (request, response, next) => {
        const end = begin();
        try {
          await handler(request, response, next);
        } finally {
          end();
        }
      };
    },

    /**
     * For a shutdown, once `server.close()` was called: from now on each
     * connection closes once its response is sent. Resolves true when no
     * request is under way any more, or false after `boundMs`.
     */
    drain(server: http.Server, boundMs: number): Promise<boolean> {
      stoppingServer = server;
      server.closeIdleConnections();
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), boundMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
