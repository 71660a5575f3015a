import { Transform } from "node:stream";
import type { Language } from "~/domain/languages";

/**
 * The document head's fixed links (icon, theme colour, the installable web
 * app's manifest in the page's language), written by the server into every
 * page instead of by the root component: the same in every page, they need no
 * JavaScript, and each byte of the first load counts (DESIGN.md budgets).
 * React 19 leaves head elements it did not render alone when hydrating.
 */
export function documentHeadLinks(language: Language): string {
  return (
    '<meta name="theme-color" content="#0f766e"/>' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
    '<link rel="apple-touch-icon" href="/icons/icon-192.png"/>' +
    `<link rel="manifest" href="/manifest.${language}.webmanifest"/>`
  );
}

/** Passes the rendered document through, with `markup` added right after its `<head>` tag. */
export function insertIntoHead(markup: string): Transform {
  let inserted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const at = inserted ? -1 : chunk.indexOf("<head>");
      if (at < 0) return callback(null, chunk);
      inserted = true;
      const end = at + "<head>".length;
      callback(null, Buffer.concat([chunk.subarray(0, end), Buffer.from(markup), chunk.subarray(end)]));
    },
  });
}
