import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutPage, prepareSplicedGzip, slotFill, splicedGzip, splicedPlain } from "../../http/nonce-gzip";

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
    const gzip = splicedGzip(kept, "autre", { head: Buffer.from(part) });
    expect(zlib.gunzipSync(gzip).toString()).toBe(Buffer.from(expected("autre"), "latin1").toString().replace("</head>", `${part}</head>`));
    expect(splicedPlain(kept, "autre", { head: Buffer.from(part) }).toString()).toBe(Buffer.from(expected("autre"), "latin1").toString().replace("</head>", `${part}</head>`));
  });

  it("cuts before </head> when no nonce follows it, and not at all without a head", () => {
    const headless = Buffer.from(`<p nonce="${NONCE}">x</p>`);
    expect(cutPage(headless, NONCE).memberGap).toBe(-1);
    const noScriptsAfter = Buffer.from(`<html><head><meta nonce="${NONCE}"></head><body></body></html>`);
    const cut = cutPage(noScriptsAfter, NONCE);
    expect(splicedPlain(cut, "n", { head: Buffer.from("<i>") }).toString()).toBe(`<html><head><meta nonce="n"><i></head><body></body></html>`);
  });

  describe("member slots (decision 0064)", () => {
    const slotted = Buffer.from(
      `<html><head><meta nonce="${NONCE}"></head><body><parcours-slot data-slot="header"><a href="/fr/login">Connexion</a></parcours-slot>` +
        `<p>Public</p><parcours-slot data-slot="empty"></parcours-slot><parcours-slot data-slot="form"><p>Connectez-vous</p></parcours-slot>` +
        `<script nonce="${NONCE}">go()</script></body></html>`,
    );
    const keptSlots = prepareSplicedGzip(cutPage(slotted, NONCE));
    const asVisitor = slotted.toString().split(NONCE).join("v");

    it("gives a visitor the page as rendered, slots and all", () => {
      expect(zlib.gunzipSync(splicedGzip(keptSlots, "v")).toString()).toBe(asVisitor);
      expect(splicedPlain(keptSlots, "v").toString()).toBe(asVisitor);
    });

    it("gives a member their own content in the slots they have it for, and the visitors' in the others", async () => {
      const slots = new Map([
        ["header", await slotFill("<a href=\"/fr/account\">Camille</a>")],
        ["form", await slotFill(`<form>${"★".repeat(40_000)}</form>`)],
      ]);
      const member = { head: Buffer.from("<script>m</script>"), slots };
      const expectedPage = asVisitor
        .replace("</head>", "<script>m</script></head>")
        .replace('<a href="/fr/login">Connexion</a>', '<a href="/fr/account">Camille</a>')
        .replace("<p>Connectez-vous</p>", `<form>${"★".repeat(40_000)}</form>`);
      expect(zlib.gunzipSync(splicedGzip(keptSlots, "v", member)).toString()).toBe(expectedPage);
      expect(splicedPlain(keptSlots, "v", member).toString()).toBe(expectedPage);
    });

    it("takes a member's empty content for a slot (Node's crc32 of an empty string's buffer is 0: it must not reach the checksum)", async () => {
      const slots = new Map([
        ["header", await slotFill("")],
        ["empty", await slotFill("")],
        ["form", await slotFill("<form></form>")],
      ]);
      const expectedPage = asVisitor.replace('<a href="/fr/login">Connexion</a>', "").replace("<p>Connectez-vous</p>", "<form></form>");
      expect(zlib.gunzipSync(splicedGzip(keptSlots, "v", { head: Buffer.alloc(0), slots })).toString()).toBe(expectedPage);
    });

    it("names each slot's content, and leaves out a slot whose content holds a nonce", () => {
      expect(keptSlots.slotOf.filter(Boolean)).toEqual(["header", "empty", "form"]);
      const scripted = Buffer.from(`<body><parcours-slot data-slot="x"><script nonce="${NONCE}"></script></parcours-slot></body>`);
      expect(cutPage(scripted, NONCE).slotOf.filter(Boolean)).toEqual([]);
    });
  });
});
