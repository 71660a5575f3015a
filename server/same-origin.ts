import type { NextFunction, Request, Response } from "express";
import { LANGUAGE_COOKIE, resolveLanguage } from "../app/domain/languages";
import { resources } from "../app/i18n/resources";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every form action, ours and
 * better-auth's alike: a state-changing request must come from our own pages
 * (its Origin, or failing that its Referer, is the site's public origin).
 */
export function refuseForeignOrigins(publicUrl: string) {
  const expected = new URL(publicUrl).origin;
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method)) return next();
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin === expected) return next();
    const language = resolveLanguage({
      pathname: request.path,
      remembered: request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1],
      acceptLanguage: request.headers["accept-language"],
    });
    response.status(403).type("text/plain").send(resources[language].auth.errors.badOrigin);
  };
}

function originOf(referer: string | undefined): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
}
