import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceProvider } from "./components/nonce";
import { DrawnInDocument } from "./components/server-svg";
import { RETRY_AFTER_SECONDS, databaseUnavailableAnswer } from "./server/database-unavailable";
import { isDatabaseUnavailable } from "./server/db/errors";
import { documentHeadLinks, insertIntoHead } from "./server/document-head";
import { requestLanguage } from "./server/language";

export const streamTimeout = 5_000;

/**
 * The load contexts of requests whose loaders could not reach the database.
 * handleError sees each error as thrown; by the time the document is rendered,
 * production mode has replaced them with a bare "Unexpected Server Error".
 */
const unreachableDatabase = new WeakSet<AppLoadContext>();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader could not reach the database (handleError saw it): the page is the outage's 503, not an error boundary's 500.
  if (unreachableDatabase.has(loadContext)) {
    const answer = databaseUnavailableAnswer(request);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }
  const nonce = loadContext.nonce;
  // Crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DrawnInDocument value={loadContext.drawnInDocument}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DrawnInDocument>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary whose content is ready is written in place. By default React moves a large one out of
        // the flow once the page has passed 12.8 KB, to the end of the document with a script that puts it back:
        // a deferred component's (the footer, decision 0065) would then reach the browser after everything else.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = insertIntoHead(documentHeadLinks(requestLanguage(request)));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported once the shell is out; earlier ones reject above.
          if (shellRendered) loadContext.logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A navigation's data (a `.data` request) whose loaders or action could not
 * reach the database: instead of React Router's 500, which the browser would
 * show as a generic error, the page is loaded again as a document, which
 * answers the outage's 503 page — translated, reloading itself until the
 * database is back (decision 0026). A redirect to the page's own address with
 * X-Remix-Reload-Document is React Router's way to ask for that.
 */
export function handleDataRequest(response: Response, { request, context }: { request: Request; context: AppLoadContext }): Response {
  if (!unreachableDatabase.has(context)) return response;
  const page = new URL(request.url);
  page.pathname = page.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  page.searchParams.delete("_routes");
  page.searchParams.delete("index");
  return new Response(null, {
    status: 302,
    headers: { Location: `${page.pathname}${page.search}`, "X-Remix-Reload-Document": "true", "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/**
 * Errors React Router catches in loaders, actions and rendering: logged through
 * the request's pino logger (its line carries the request id, like the request's
 * own log line) instead of React Router's bare `console.error`. A request the
 * client abandoned (navigation elsewhere, closed tab) is not an error of ours.
 * Responses thrown on purpose (`data(…, { status: 404 })`) never come here; a
 * route error React Router makes itself (no route matched, no action) carries
 * its cause and is a client's mistake, hence a warning.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = (context as AppLoadContext | undefined)?.logger;
  if (!logger) {
    // Only before the load context exists (it is built first thing): nothing better to log through.
    console.error(error);
    return;
  }
  // The request logger's bindings already name the request (id, method, url).
  if (isRouteErrorResponse(error)) {
    logger.warn({ err: (error as { error?: unknown }).error ?? error, status: error.status }, "request refused by the router");
  } else if (isDatabaseUnavailable(error)) {
    unreachableDatabase.add(context as AppLoadContext);
    logger.warn({ err: error }, "database unavailable");
  } else {
    logger.error({ err: error }, "unexpected error");
  }
};
