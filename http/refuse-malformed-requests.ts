import type { NextFunction, Request, Response } from "express";
import { resources } from "../app/i18n/resources";
import { requestLanguageOf } from "./request-language";
import { SAFE_METHODS } from "./same-origin";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Requests none of our pages can send, refused before React Router reads them,
 * with a translated text and a 4xx instead of a 500 from deep
 * inside a loader or an action:
 * - an address holding a NUL byte, which PostgreSQL refuses in any text
 *   (`/fr?country=%00` was a 500): 400;
 * - a write to a page by another method than POST: 405;
 * - a page POST whose body is not a form (a broken JSON body sent to
 *   /fr/login was a 500): 400.
 * The JSON endpoints under /api/ read their own bodies and answer their own errors.
 */
export function refuseMalformedRequests() {
  return (request: Request, response: Response, next: NextFunction) => {
    const refuse = (status: number, message: keyof (typeof resources)["fr"]["errors"]) =>
      response.status(status).type("text/plain").send(resources[requestLanguageOf(request)].errors[message]);
    if (/%00|\0/.test(request.originalUrl)) return refuse(400, "nulInAddress");
    if (SAFE_METHODS.has(request.method) || request.path.startsWith("/api/")) return next();
    if (request.method !== "POST") {
      response.setHeader("Allow", "GET, HEAD, POST");
      return refuse(405, "methodNotAllowed");
    }
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    // 400 rather than 415: to the client it is a malformed request like any other (the server answers those 400, 413 or 422).
    if (!FORM_TYPES.has(type)) return refuse(400, "formOnly");
    next();
  };
}
