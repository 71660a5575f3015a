import type { NextFunction, Request, Response } from "express";
import { LANGUAGE_COOKIE, splitLanguagePrefix } from "../app/domain/languages";

/** Visiting /fr/… or /en/… remembers that language for unprefixed addresses (public site §2). */
export function rememberLanguage(request: Request, response: Response, next: NextFunction) {
  if (request.method === "GET") {
    const { language } = splitLanguagePrefix(request.path);
    if (language && request.headers.cookie?.match(/(?:^|;\s*)lang=([^;]*)/)?.[1] !== language) {
      response.cookie(LANGUAGE_COOKIE, language, { path: "/", maxAge: 365 * 24 * 3600 * 1000, sameSite: "lax" });
    }
  }
  next();
}
