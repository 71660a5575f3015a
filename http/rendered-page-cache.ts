import { prepareSplicedGzip, type CutPage, type SplicedGzip } from "./nonce-gzip";

/**
 * Anonymous pages as rendered, shared by every visitor of this process
 * (docs/rules/quality.md#anonymous-throughput, decision 0030): kept for a short while and dropped, all at
 * once, whenever something may have changed them — a live-update notice (a
 * write on any instance) or a write answered by this one. Dropping everything
 * is coarse but simple and always right: the home and ranking pages show
 * every park's figures anyway, and a page is rendered again in milliseconds.
 */
export type RenderedPage = {
  /** The headers the page's route set (not those of the middleware before it, nor the caching ones). */
  headers: Array<[string, string | number | string[]]>;
  etag: string;
  /** The page cut at each place its nonce goes and where a member's part would go, and the same pieces compressed. */
  gzip: SplicedGzip;
  storedAt: number;
};

export type RenderedPageCache = ReturnType<typeof createRenderedPageCache>;

/** Long enough to absorb a burst of visits; short enough that a change nobody announces (a list page's figures) shows soon. */
const MAX_AGE_MS = 15_000;
/** Query strings make addresses unbounded: the least recently used pages go first beyond this many, or these bytes. */
const MAX_PAGES = 500;
const MAX_BYTES = 48 * 1024 * 1024;

const sizeOf = (page: RenderedPage) => page.gzip.pieces.reduce((sum, piece) => sum + piece.length, 0) + page.gzip.plain.reduce((sum, piece) => sum + piece.length, 0);

export function createRenderedPageCache(options: { maxAgeMs?: number; maxPages?: number; maxBytes?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const now = options.now ?? Date.now;
  const pages = new Map<string, RenderedPage>();
  let bytes = 0;
  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    pages.delete(key);
  };
  // A page rendered while a write landed may show the state before it: it is stored only if no drop came in between.
  let generation = 0;

  return {
    get(key: string): RenderedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (now() - page.storedAt > maxAgeMs) {
        forget(key);
        return undefined;
      }
      // Most recently used last: the first key is the one to drop when full.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    /** The generation a render starts in; `store` ignores a page whose generation has passed. */
    generation: () => generation,
    store(key: string, startedIn: number, page: { headers: RenderedPage["headers"]; etag: string; cut: CutPage }) {
      if (startedIn !== generation) return;
      forget(key);
      const kept = { headers: page.headers, etag: page.etag, gzip: prepareSplicedGzip(page.cut), storedAt: now() };
      pages.set(key, kept);
      bytes += sizeOf(kept);
      while (pages.size > maxPages || bytes > maxBytes) forget(pages.keys().next().value!);
    },
    dropAll() {
      generation += 1;
      pages.clear();
      bytes = 0;
    },
    size: () => pages.size,
  };
}
