import type http from "node:http";
import { resources } from "../app/i18n/resources";
import { requestLanguageOf } from "./request-language";

/**
 * Whether a request's address is already in the form the router reads it. React Router builds a URL from
 * the raw address, and the URL standard resolves `.` and `..` segments (`%2e` spellings included), turns
 * backslashes into slashes and reads `//host/…` as another host; the server's own guards (body limits,
 * the same-origin check, the malformed-request check) read the raw path. Where the two differ, a guard
 * judges one route while another one answers: a 30 MB form to `/fr/login/.` passed as an upload route's,
 * and `/api/v1/../../fr/login` skipped the origin check as a read-only API address. Browsers only send
 * normalized addresses, so an address that normalization would change is refused (decision 0042) rather
 * than rewritten: every guard and the router then see the same path.
 */
export function isNormalizedAddress(address: string): boolean {
  // Anything but origin-form (`GET http://host/…`, `OPTIONS *`) is another reading of the address too.
  if (!address.startsWith("/")) return false;
  const path = address.split("?", 1)[0]!;
  try {
    return new URL(path, "http://parcours.invalid").pathname === path;
  } catch {
    return false;
  }
}

/** Answers 400 to a request whose address is not normalized, before any other part of the server reads it; true when it did. */
export function refuseUnnormalizedAddress(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (isNormalizedAddress(request.url ?? "")) return false;
  const message = resources[requestLanguageOf(request)].errors.unnormalizedAddress;
  response.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(message),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // The body, if any, is left unread.
    Connection: "close",
  });
  response.end(message);
  return true;
}
