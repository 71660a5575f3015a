import { setMaxListeners } from "node:events";
import type { Logger } from "pino";
import type { ListenFunction } from "../db/database";
import type { LiveTopic } from "~/domain/live-topics";
import { LIVE_CHANNEL } from "./notify";

/** At most one change per topic per this many milliseconds reaches the subscribers: a burst of votes is one reload. */
const COALESCE_MS = 250;

/** Enough for several tabs, or several people behind one address; each stream holds a socket (LIVE_STREAMS_PER_ADDRESS). */
const MAX_STREAMS_PER_CLIENT = 20;

/**
 * This process's side of the live updates: one LISTEN on the database, fanned
 * out to the open streams of this process by topic.
 */
export type LiveHub = {
  /** Calls `onChange` after each change of the topic (coalesced). Returns the unsubscribe function. */
  subscribe: (topic: LiveTopic, onChange: () => void) => () => void;
  /**
   * Calls `onChange` at once after every notice of any topic, uncoalesced (the kept anonymous pages drop on it, the
   * session cache on members' notices): with the topic, or null after listening again, when any may have been missed.
   */
  watchEveryChange: (onChange: (topic: string | null) => void) => () => void;
  /** Counts a client's open streams: a release function, or null when it already has too many. */
  admit: (client: string) => (() => void) | null;
  /** What this process holds open now: streams admitted, and topic subscriptions (each stream has one or two). */
  counts: () => { streams: number; subscriptions: number };
  /** Aborted once the process stops serving streams, so that open streams end and their browsers reconnect elsewhere. */
  streamsEnded: AbortSignal;
  /** The first step of a shutdown: ends the open streams and refuses new ones; the LISTEN goes on. */
  endStreams: () => void;
  /** Ends the streams if they are still open, and stops listening. */
  close: () => Promise<void>;
};

/**
 * Starts listening on LIVE_CHANNEL. Every process sharing the database gets
 * every notification (PostgreSQL delivers them on commit only), and forwards
 * each to the subscribers of its topic here.
 */
export async function createLiveHub(
  listen: ListenFunction,
  logger: Logger,
  options: { coalesceMs?: number; maxStreamsPerClient?: number } = {},
): Promise<LiveHub> {
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  const maxStreamsPerClient = options.maxStreamsPerClient ?? MAX_STREAMS_PER_CLIENT;
  const subscribers = new Map<string, Set<() => void>>();
  /** Topics inside their quiet window; `true` when another change came in during it. */
  const windows = new Map<string, { timer: NodeJS.Timeout; pending: boolean }>();
  const streamsPerClient = new Map<string, number>();
  const everyChange = new Set<(topic: string | null) => void>();
  const streamsEnding = new AbortController();
  // Every open stream listens for the end: hundreds are normal, not a leak to warn about.
  setMaxListeners(0, streamsEnding.signal);
  let closed = false;

  function deliver(topic: string) {
    for (const onChange of subscribers.get(topic) ?? []) {
      try {
        onChange();
      } catch (error) {
        // One broken stream must not keep the change from the others.
        logger.error({ err: error, topic }, "live subscriber failed");
      }
    }
  }

  /** The first change goes out at once; later ones within the window go out together at its end. */
  function changed(topic: string) {
    for (const onChange of everyChange) onChange(topic);
    if (!subscribers.has(topic)) return;
    const window = windows.get(topic);
    if (window) {
      window.pending = true;
      return;
    }
    deliver(topic);
    openWindow(topic);
  }

  function openWindow(topic: string) {
    const timer = setTimeout(() => {
      const window = windows.get(topic);
      windows.delete(topic);
      if (window?.pending && subscribers.has(topic)) {
        deliver(topic);
        openWindow(topic);
      }
    }, coalesceMs);
    timer.unref();
    windows.set(topic, { timer, pending: false });
  }

  let listening = false;
  const unlisten = await listen(LIVE_CHANNEL, changed, () => {
    // LISTEN again after a lost connection: whatever changed meanwhile was missed, so every open page reloads.
    if (listening) {
      logger.warn("live updates: listening again after a lost database connection");
      for (const onChange of everyChange) onChange(null);
      for (const topic of subscribers.keys()) changed(topic);
    }
    listening = true;
  });

  function endStreams() {
    if (streamsEnding.signal.aborted) return;
    streamsEnding.abort();
    for (const window of windows.values()) clearTimeout(window.timer);
    windows.clear();
    subscribers.clear();
  }

  return {
    subscribe(topic, onChange) {
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0 && subscribers.get(topic) === set) subscribers.delete(topic);
      };
    },
    watchEveryChange(onChange) {
      everyChange.add(onChange);
      return () => everyChange.delete(onChange);
    },
    admit(client) {
      const open = streamsPerClient.get(client) ?? 0;
      if (open >= maxStreamsPerClient) return null;
      streamsPerClient.set(client, open + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (streamsPerClient.get(client) ?? 1) - 1;
        if (left > 0) streamsPerClient.set(client, left);
        else streamsPerClient.delete(client);
      };
    },
    counts() {
      let streams = 0;
      for (const open of streamsPerClient.values()) streams += open;
      let subscriptions = 0;
      for (const set of subscribers.values()) subscriptions += set.size;
      return { streams, subscriptions };
    },
    streamsEnded: streamsEnding.signal,
    endStreams,
    async close() {
      if (closed) return;
      closed = true;
      endStreams();
      await unlisten();
    },
  };
}
