import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** Changes arriving this close together are one reload of the page's data. */
const DEBOUNCE_MS = 200;

/**
 * Reloads the page's data when one of the topics (`park:<id>`, `attraction:<id>`)
 * changes, as announced by the server's live stream (/api/live). Effects run in
 * the browser only, after hydration. The browser's EventSource reconnects by
 * itself after a network cut (the server asks for 3 s); what changed meanwhile
 * was missed, so the page reloads once it is back.
 */
export function useLiveRevalidation(topics: readonly string[]) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const key = topics.join(" ");

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/live?${new URLSearchParams(key.split(" ").map((topic) => ["topic", topic]))}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;
    let closed = false;
    let disconnected = false;

    async function run() {
      if (closed) return;
      // A reload already under way may have read the data before this change: one more after it.
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        await revalidate.current();
      } finally {
        running = false;
        if (again) {
          again = false;
          schedule();
        }
      }
    }
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), DEBOUNCE_MS);
    }
    function onOpen() {
      if (disconnected) schedule();
      disconnected = false;
    }
    function onError() {
      disconnected = true;
    }

    source.addEventListener("change", schedule);
    source.addEventListener("open", onOpen);
    source.addEventListener("error", onError);
    return () => {
      closed = true;
      clearTimeout(timer);
      source.close();
    };
  }, [key]);
}
