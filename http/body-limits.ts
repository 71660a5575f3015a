import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { LANGUAGE_COOKIE, resolveLanguage } from "../app/domain/languages";
import { MAX_REVIEW_PHOTOS } from "../app/domain/rating-rules";
import { RIDE_LOG_IMPORT_MAX_BYTES, RIDE_LOG_IMPORT_MAX_LINES } from "../app/domain/ride-log-csv";
import { resources } from "../app/i18n/resources";
import { createTranslator } from "../app/i18n/translate";
import { maxBodyBytesForFiles } from "../app/server/images/read-upload-form-files";
import { MAX_TEXT_BYTES } from "../app/server/images/read-upload-form";

/** Forms and JSON documents without a picture: the longest (a 5,000-character description) fits several times. */
export const SMALL_BODY_MAX_BYTES = 64 * 1024;

/**
 * Routes whose forms carry pictures (names after the language prefix in app/routes.ts's ids):
 * their multipart bodies go to the image pipeline, which enforces each form's own limits while
 * they stream (app/server/images/read-upload-form.ts) and answers with the form's message.
 */
const UPLOAD_ROUTES = new Set(["contribute", "park", "attraction", "park-suggest", "attraction-suggest"]);

/**
 * The ride log's import page (docs/rules/ride-log.md#import-and-export): its preview uploads a CSV file of up to
 * RIDE_LOG_IMPORT_MAX_BYTES, and its confirmation sends the file's text back with a checkbox per kept line, each a
 * multipart part of up to about 190 bytes (a browser's boundary, the part's header, `line:ride id`), for at most
 * RIDE_LOG_IMPORT_MAX_LINES lines: about 3 MB in all. The action reads it whole (`request.formData()`).
 */
export const RIDE_LOG_IMPORT_BODY_MAX_BYTES = RIDE_LOG_IMPORT_MAX_BYTES + RIDE_LOG_IMPORT_MAX_LINES * 192 + SMALL_BODY_MAX_BYTES;

/** Routes (by their name in app/routes.ts's ids) whose forms, without pictures, are larger than SMALL_BODY_MAX_BYTES. */
const LARGE_FORM_ROUTES: ReadonlyMap<string, number> = new Map([["ride-log", RIDE_LOG_IMPORT_BODY_MAX_BYTES]]);

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Refuses a request body larger than its route takes before a byte of it is
 * read (decision 0028): the route's limit is compared with Content-Length,
 * which Node's parser enforces (a body never runs past it). A body without a
 * length (chunked) is refused with 411: browsers always announce it over
 * HTTP/1.1, and `request.formData()` would otherwise buffer it whole. The
 * answer is translated: JSON for /api/*, plain text for React Router's data
 * requests (the route's error page shows it), a small page otherwise.
 */
export function limitRequestBodies(build: BuildSource) {
  const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();
  return async (request: Request, response: Response, next: NextFunction) => {
    const length = request.headers["content-length"];
    const chunked = request.headers["transfer-encoding"] !== undefined;
    if (length === undefined && !chunked) return next();
    try {
      const resolved = typeof build === "function" ? await build() : build;
      let routes = routeTrees.get(resolved);
      if (!routes) routeTrees.set(resolved, (routes = routeTree(resolved)));
      const limit = bodyLimit(routes, request);
      if (chunked && length === undefined) return refuse(request, response, 411, limit);
      if (Number(length) > limit) return refuse(request, response, 413, limit);
      next();
    } catch (error) {
      next(error);
    }
  };
}

function bodyLimit(routes: RouteObject[], request: Request): number {
  // React Router's data requests (/fr/park.data, /_root.data) are their page's.
  const pathname = request.path.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  const name = (matchRoutes(routes, pathname)?.at(-1)?.route.id ?? "").split(":").pop() ?? "";
  const largeForm = LARGE_FORM_ROUTES.get(name);
  if (largeForm) return largeForm;
  if (!UPLOAD_ROUTES.has(name)) return SMALL_BODY_MAX_BYTES;
  const multipart = /^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "");
  return multipart ? maxBodyBytesForFiles(MAX_REVIEW_PHOTOS) : MAX_TEXT_BYTES;
}

/** The build's flat route manifest as the nested routes matchRoutes walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route!.id);
        return route!.index
          ? { id: route!.id, index: true, path: route!.path }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
      });
  return childrenOf(undefined);
}

function refuse(request: Request, response: Response, status: 411 | 413, limit: number) {
  const language = resolveLanguage({
    pathname: request.path,
    remembered: new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? "")?.[1] ?? null,
    acceptLanguage: request.headers["accept-language"] ?? null,
  });
  const t = createTranslator(language, resources[language]);
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KB`;
  const message = status === 413 ? t("errors.bodyTooLarge", { max: size }) : t("errors.lengthRequired");
  // The body is left unread: the connection closes after the answer rather than reading it to reuse the socket.
  response.setHeader("Connection", "close");
  response.setHeader("Cache-Control", "no-store");
  request.log?.warn({ status, limit, contentLength: request.headers["content-length"] ?? null }, "request body refused");
  if (request.path.startsWith("/api/")) return response.status(status).json({ ok: false, error: `errors.${status === 413 ? "bodyTooLarge" : "lengthRequired"}`, message });
  if (request.path.endsWith(".data")) return response.status(status).type("text/plain").send(message);
  const title = status === 413 ? t("errors.bodyTooLargeTitle") : t("errors.badRequest");
  response
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>${escapeHtml(title)} — Parcours</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
        `<p><a href="/${language}">${escapeHtml(t("common.backHome"))}</a></p></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
