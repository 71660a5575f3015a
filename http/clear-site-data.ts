import type { NextFunction, Request, Response } from "express";
import { MEMBER_HEADER, NO_MEMBER } from "./member-header";

/**
 * What a response that ends the browser's session asks the browser to delete
 * (docs/decisions/0041): the HTTP cache and back/forward cache ("cache"), and
 * the origin's storage ("storage": the service worker's private copies, the plan
 * outboxes, the worker itself, localStorage). Cookies are left: the session's is
 * already expired by the same response, and "cookies" would reach the whole site.
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** better-auth's session cookie emptied, which it does only to expire it (sign-out, a session no longer found, account deletion). */
const SESSION_COOKIE_EXPIRED = /^(?:__Secure-)?parcours\.session_token=(?:;|$)/;

export function endsSession(setCookie: number | string | string[] | undefined): boolean {
  const cookies = Array.isArray(setCookie) ? setCookie : typeof setCookie === "string" ? [setCookie] : [];
  return cookies.some((cookie) => SESSION_COOKIE_EXPIRED.test(cookie));
}

/**
 * Whatever ended it (the logout form, better-auth's sign-out, a revoked or
 * expired session met on any request, a deleted account), the response that
 * expires the session cookie clears the site's data and tells the worker that
 * nobody is signed in. Checked when the headers go out, once every Set-Cookie is set.
 */
export function clearSiteDataWhenSessionEnds(_request: Request, response: Response, next: NextFunction) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (endsSession(response.getHeader("Set-Cookie"))) {
      response.setHeader("Clear-Site-Data", CLEAR_SITE_DATA);
      response.setHeader(MEMBER_HEADER, NO_MEMBER);
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}
