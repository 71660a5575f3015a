import type http from "node:http";

/** More than any route takes (http/body-limits.ts refuses longer bodies with `Connection: close` before reading them). */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
/** A phone's upload of a few photos on a slow network; proxies give up on an idle request at about the same point. */
const DISCARD_MAX_MS = 60_000;

/**
 * When a response is finished before its request's body was read whole, reads the rest and drops it, so the
 * connection can carry the next request (decision 0042). Node does that itself only for a body nothing began
 * to read; React Router's adapter starts reading every body (its stream's pump listens for data and pauses
 * when full), so after an early answer — a visitor's redirect from a rating form, a refusal before the form
 * is parsed — the rest of the body sat unread, and the next request on that kept-alive connection never got
 * an answer. Bounded: past DISCARD_MAX_BYTES or DISCARD_MAX_MS the connection is cut instead.
 */
export function discardUnreadBodyAfterAnswer(request: http.IncomingMessage, response: http.ServerResponse): void {
  response.once("finish", () => {
    if (request.complete || request.destroyed) return;
    const socket = request.socket;
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, DISCARD_MAX_MS);
    timer.unref();
    let discarded = 0;
    // The reader that began (and paused) is gone with the response: nothing else wants these bytes.
    request.removeAllListeners("data");
    request.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_MAX_BYTES) cut();
    });
    request.once("end", () => clearTimeout(timer));
    request.once("close", () => clearTimeout(timer));
    request.resume();
  });
}
