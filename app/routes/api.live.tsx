import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import { clientAddressKey } from "~/server/client-address-key";
import { requestT } from "~/server/i18n";
import { readLiveTopics } from "~/server/live/live-topics";
import type { Route } from "./+types/api.live";

/** Proxies and load balancers close connections that stay silent for a minute or so. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting on its own after the stream breaks. */
const RETRY_MS = 3_000;

/**
 * GET /api/live?topic=park:<id>[&topic=attraction:<id>]: a Server-Sent Events
 * stream with one `change` event (data: the topic) whenever a rating or vote
 * of that park or attraction is committed, by this server process or another.
 * The page then reloads its data; the event itself carries nothing private.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const topics = readLiveTopics(new URL(request.url).searchParams);
  if (!topics) return new Response("Expected 1 or 2 topic=park:<id> or topic=attraction:<id> parameters", { status: 400 });
  const hub = context.liveHub;
  if (hub.streamsEnded.aborted) return new Response("Shutting down", { status: 503, headers: { "Retry-After": "3" } });
  const release = hub.admit(clientAddressKey(request.headers.get(CLIENT_IP_HEADER)));
  if (!release) {
    // Each stream holds a socket: one address may not hold them all (LIVE_STREAMS_PER_ADDRESS).
    return new Response(requestT(request)("errors.tooManyLiveStreams"), {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
    });
  }

  const encoder = new TextEncoder();
  let stop: (options: { cancelled: boolean }) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      const unsubscribes = topics.map((topic) => hub.subscribe(topic, () => send(`event: change\ndata: ${topic}\n\n`)));
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      let stopped = false;
      const onEnd = () => stop({ cancelled: false });
      // A stopping process tells each browser again when to come back, spread over a few seconds so that
      // the streams of a whole process do not all reconnect to the remaining ones in the same instant.
      const onShutdown = () => {
        send(`retry: ${RETRY_MS + Math.floor(Math.random() * RETRY_MS)}\n: server stopping\n\n`);
        onEnd();
      };
      stop = ({ cancelled }) => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        for (const unsubscribe of unsubscribes) unsubscribe();
        release();
        request.signal.removeEventListener("abort", onEnd);
        hub.streamsEnded.removeEventListener("abort", onShutdown);
        // A cancelled stream is already closed; closing it again would throw.
        if (!cancelled) controller.close();
      };
      // The browser went away, or this process is stopping (the browser then reconnects, to another process).
      request.signal.addEventListener("abort", onEnd);
      hub.streamsEnded.addEventListener("abort", onShutdown);
      if (request.signal.aborted) return onEnd();
      send(`retry: ${RETRY_MS}\n: listening to ${topics.join(" ")}\n\n`);
    },
    cancel() {
      stop({ cancelled: true });
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx would otherwise hold events back in its buffer.
      "X-Accel-Buffering": "no",
      // Once the stream ends, the socket goes too, instead of idling and holding up a shutdown.
      Connection: "close",
    },
  });
}
