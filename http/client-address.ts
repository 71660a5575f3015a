import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "../app/server/auth/auth";

/**
 * Writes the client's address into our own header for rate limiting, replacing
 * anything the client sent: the socket address, or the value of the header a
 * configured reverse proxy sets (its last hop when it holds a list).
 */
export function clientAddress(trustedProxyHeader: string | undefined) {
  return (request: Request, _response: Response, next: NextFunction) => {
    let address = request.socket.remoteAddress ?? "unknown";
    if (trustedProxyHeader) {
      const value = request.headers[trustedProxyHeader];
      const last = (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").pop()?.trim();
      if (last) address = last;
    }
    request.headers[CLIENT_IP_HEADER] = address.replace(/^::ffff:/, "");
    next();
  };
}
