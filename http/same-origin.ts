import type { NextFunction, Request, Response } from "express";
import { resources } from "../app/i18n/resources";
import { requestLanguageOf } from "./request-language";

/** Methods that read: no guard on writes applies to them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every form action, ours and
 * better-auth's alike: a state-changing request must come from our own pages
 * (its Origin, or failing that its Referer, is one of the site's origins:
 * config.siteOrigins).
 */
export function refuseForeignOrigins(siteOrigins: readonly string[]) {
  const expected = new Set(siteOrigins);
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method) || READ_ONLY_API.test(request.path)) return next();
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin !== undefined && expected.has(origin)) return next();
    response.status(403).type("text/plain").send(resources[requestLanguageOf(request)].auth.errors.badOrigin);
  };
}

/**
 * The public read API (decision 0036) has nothing to forge: it answers every write, from any origin, with its
 * own JSON 405. A write ever added under /api/v1 would have to leave this prefix or bring its own check.
 */
const READ_ONLY_API = /^\/api\/v1\//;

function originOf(referer: string | undefined): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
}
