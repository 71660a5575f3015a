/** Changes arriving this close together are one reload of the page's data. */
const DEBOUNCE_MS = 200;
/**
 * A tab hidden this long lets its stream go: over HTTP/1.1 a browser keeps at
 * most six connections per site, and a dozen background tabs must not take
 * them all. Shown again, the page reconnects and catches up.
 */
const HIDDEN_CLOSE_MS = 30_000;

/**
 * Listens to the server's live stream at `address` (/api/live) and calls `revalidate` when a change arrives, until
 * the returned function closes it. Fetched by useLiveRevalidation once the page runs, not with the page's first load
 * (decision 0065). The browser's EventSource reconnects by itself after a network cut (the server asks for 3 s); what
 * changed meanwhile was missed, so the page reloads once it is back.
 */
export function openLiveStream(address: string, revalidate: () => Promise<void>): () => void {
  let source: EventSource | null = null;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let hiding: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let closed = false;

  async function run() {
    if (closed) return;
    // A reload already under way may have read the data before this change: one more after it.
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await revalidate();
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  }
  function schedule() {
    clearTimeout(debounce);
    debounce = setTimeout(() => void run(), DEBOUNCE_MS);
  }

  /** `missed`: changes may have gone by since the data was read, so reload once connected. */
  function connect(missed: boolean) {
    const current = new EventSource(address);
    let disconnected = missed;
    current.addEventListener("change", schedule);
    current.addEventListener("open", () => {
      if (disconnected) schedule();
      disconnected = false;
    });
    current.addEventListener("error", () => {
      disconnected = true;
    });
    source = current;
  }
  function onVisibilityChange() {
    clearTimeout(hiding);
    if (document.visibilityState === "hidden") {
      hiding = setTimeout(() => {
        source?.close();
        source = null;
      }, HIDDEN_CLOSE_MS);
    } else if (!source) {
      connect(true);
    }
  }

  connect(false);
  if (document.visibilityState === "hidden") onVisibilityChange();
  document.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    closed = true;
    clearTimeout(debounce);
    clearTimeout(hiding);
    source?.close();
    document.removeEventListener("visibilitychange", onVisibilityChange);
  };
}
