import type { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * `compression` hands `response.on("drain", …)` to its zlib stream but leaves
 * `off`/`removeListener` on the response, so a drain listener removed with
 * `off` stays on the zlib stream. React Router waits for each drain with
 * `once` and cleans up with `off`: a large streamed page (a signed-in park
 * page) left one listener per wait, hence MaxListenersExceededWarning in the
 * logs and every stale listener run again at each drain. Placed right after
 * compression, this sends the removal where the listener went.
 */
export function drainListenersFollowCompression(_request: Request, response: Response, next: NextFunction) {
  const addListener = response.on;
  const removeListener = response.removeListener;
  let drainTarget: EventEmitter | null = null;
  response.on = response.addListener = function (this: Response, event: string | symbol, listener: Listener) {
    const target: unknown = addListener.call(this, event, listener);
    if (event === "drain" && target !== this) drainTarget = target as EventEmitter;
    return this;
  } as Response["on"];
  response.off = response.removeListener = function (this: Response, event: string | symbol, listener: Listener) {
    if (event === "drain") drainTarget?.removeListener(event, listener);
    return removeListener.call(this, event, listener);
  } as Response["removeListener"];
  next();
}
