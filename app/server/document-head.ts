import { Transform } from "node:stream";
import type { Language } from "~/domain/languages";

/**
 * The document head's fixed links (icon, theme colour, the installable web
 * app's manifest in the page's language), written by the server into every
 * page instead of by the root component: the same in every page, they need no
 * JavaScript, and each byte of the first load counts (docs/rules/quality.md#first-load-javascript).
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

/**
 * Passes the rendered document through, with `markup` added right after its
 * `<head>` tag; a document without one (past `</head>`) is left as it is.
 */
export function insertIntoHead(markup: string): Transform {
  const tag = "<head>";
  let done = false;
  // The end of the last chunk, held back in case the tag is cut across two chunks.
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const data = Buffer.concat([held, chunk]);
      held = Buffer.alloc(0);
      const at = data.indexOf(tag);
      const end = data.indexOf("</head>");
      if (at >= 0 && (end < 0 || at < end)) {
        done = true;
        return callback(null, Buffer.concat([data.subarray(0, at + tag.length), Buffer.from(markup), data.subarray(at + tag.length)]));
      }
      if (end >= 0) {
        done = true;
        return callback(null, data);
      }
      const keep = Math.min(data.length, tag.length - 1);
      held = data.subarray(data.length - keep);
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback) {
      callback(null, held);
    },
  });
}
