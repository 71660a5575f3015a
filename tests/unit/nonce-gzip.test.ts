import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutPage, prepareSplicedGzip, splicedGzip, splicedPlain } from "../../http/nonce-gzip";

/** A kept page is compressed once and answered with each response's nonce, and a member's part before `</head>` (decisions 0030, 0060). */
const NONCE = "n0nce+/==";
const page = Buffer.from(
  `<!DOCTYPE html><html><head><link rel="modulepreload" nonce="${NONCE}" href="/a.js"/><title>Parc</title></head>` +
    `<body><p>Bonjour</p><script nonce="${NONCE}">go()</script></body></html>`,
);
const expected = (nonce: string, member = "") => page.toString("latin1").split(NONCE).join(nonce).replace("</head>", `${member}</head>`);

describe("spliced gzip", () => {
  const kept = prepareSplicedGzip(cutPage(page, NONCE));

  it("gives a visitor the page with their nonce, compressed or not", () => {
    expect(zlib.gunzipSync(splicedGzip(kept, "autre")).toString("latin1")).toBe(expected("autre"));
    expect(splicedPlain(kept, "autre").toString("latin1")).toBe(expected("autre"));
  });

  it("puts a member's part just before </head>, however long", () => {
    const part = `<script nonce="autre">window.x=${JSON.stringify("é".repeat(70_000))}</script>`;
    const gzip = splicedGzip(kept, "autre", Buffer.from(part));
    expect(zlib.gunzipSync(gzip).toString()).toBe(Buffer.from(expected("autre"), "latin1").toString().replace("</head>", `${part}</head>`));
    expect(splicedPlain(kept, "autre", Buffer.from(part)).toString()).toBe(Buffer.from(expected("autre"), "latin1").toString().replace("</head>", `${part}</head>`));
  });

  it("cuts before </head> when no nonce follows it, and not at all without a head", () => {
    const headless = Buffer.from(`<p nonce="${NONCE}">x</p>`);
    expect(cutPage(headless, NONCE).memberGap).toBe(-1);
    const noScriptsAfter = Buffer.from(`<html><head><meta nonce="${NONCE}"></head><body></body></html>`);
    const cut = cutPage(noScriptsAfter, NONCE);
    expect(splicedPlain(cut, "n", Buffer.from("<i>")).toString()).toBe(`<html><head><meta nonce="n"><i></head><body></body></html>`);
  });
});
