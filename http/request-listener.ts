import type http from "node:http";
import { discardUnreadBodyAfterAnswer } from "./discard-unread-bodies";
import { refuseUnnormalizedAddress } from "./refuse-unnormalized-addresses";

type Listener = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * The server's request listener: what every request goes through before anything reads it, then the kept
 * pages (http/kept-pages-first.ts), the members' shared pages (http/member-pages.ts), then Express with everything else.
 */
export function parcoursRequestListener(
  answerKeptPage: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  answerMemberPage: (request: http.IncomingMessage, response: http.ServerResponse) => false | Promise<boolean>,
  app: Listener,
): Listener {
  return (request, response) => {
    discardUnreadBodyAfterAnswer(request, response);
    // Before anything reads the address: every guard and the router then read the same path.
    if (refuseUnnormalizedAddress(request, response)) return;
    if (answerKeptPage(request, response)) return;
    // A member's shared page (decision 0060) is answered without Express; any other request, or a page it declines, goes on.
    const memberPage = answerMemberPage(request, response);
    if (memberPage === false) app(request, response);
    else void memberPage.then((answered) => answered || app(request, response));
  };
}
