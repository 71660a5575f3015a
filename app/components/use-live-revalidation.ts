import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { liveStreamAddress, type LiveTopic } from "~/domain/live-topics";

/**
 * Reloads the page's data when one of the topics (`~/domain/live-topics`)
 * changes, as announced by the server's live stream (./live-stream.ts, fetched
 * when the page runs: decision 0065). Effects run in the browser only, after
 * hydration.
 */
export function useLiveRevalidation(topics: readonly LiveTopic[]) {
  const revalidator = useRevalidator();
  // The latest `revalidate`, called from the stream's listeners without reopening the stream.
  const revalidate = useEffectEvent(() => revalidator.revalidate());
  // The address is the effect's key: the same topics in a new array keep the stream.
  const address = topics.length > 0 ? liveStreamAddress(topics) : null;

  useEffect(() => {
    if (!address || typeof EventSource === "undefined") return;
    let close: (() => void) | undefined;
    let left = false;
    void import("./live-stream").then(({ openLiveStream }) => {
      if (!left) close = openLiveStream(address, () => revalidate());
    });
    return () => {
      left = true;
      close?.();
    };
  }, [address]);
}
