import type http from "node:http";
import { discardUnreadBodyAfterAnswer } from "./discard-unread-bodies";
import { refuseUnnormalizedAddress } from "./refuse-unnormalized-addresses";

type Listener = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * The server's request listener: what every request goes through before anything reads it, then the kept
 * pages (http/kept-pages-first.ts), then Express with everything else.
 */
export function parcoursRequestListener(answerKeptPage: (request: http.IncomingMessage, response: http.ServerResponse) => boolean, app: Listener): Listener {
  return (request, response) => {
    discardUnreadBodyAfterAnswer(request, response);
    // Before anything reads the address: every guard and the router then read the same path.
    if (refuseUnnormalizedAddress(request, response)) return;
    if (!answerKeptPage(request, response)) app(request, response);
  };
}
