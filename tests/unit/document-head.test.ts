import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/domain/languages";
import { documentHeadLinks, insertIntoHead } from "~/server/document-head";

const publicFile = (name: string) => readFileSync(path.join(import.meta.dirname, "../../public", name));

describe("documentHeadLinks", () => {
  it("links the page's language's manifest, the icons and the theme colour", () => {
    expect(documentHeadLinks("en")).toContain('<link rel="manifest" href="/manifest.en.webmanifest"/>');
    expect(documentHeadLinks("fr")).toContain('<link rel="manifest" href="/manifest.fr.webmanifest"/>');
    expect(documentHeadLinks("fr")).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(documentHeadLinks("fr")).toContain('<meta name="theme-color" content="#0f766e"/>');
  });
});

describe("insertIntoHead", () => {
  const run = (chunks: string[]) => text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(insertIntoHead("<X/>")));
  const expected = '<!DOCTYPE html><html lang="fr"><head><X/><meta charSet="utf-8"/></head><body><p>é</p><head></body></html>';

  it("adds the markup right after the first <head> only", async () => {
    expect(await run(['<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>', "</head><body><p>é</p>", "<head></body></html>"])).toBe(expected);
  });

  it("finds the tag cut across chunks, and keeps characters cut across chunks whole", async () => {
    const bytes = Buffer.from(expected.replace("<X/>", ""));
    const chunks = [bytes.subarray(0, 35), bytes.subarray(35, 77), bytes.subarray(77, 78), bytes.subarray(78)];
    const whole = await text(Readable.from(chunks).pipe(insertIntoHead("<X/>")));
    expect(whole).toBe(expected);
  });

  it("leaves a document without a head as it is", async () => {
    expect(await run(["<html><body>", "</head><head>", "</body></html>"])).toBe("<html><body></head><head></body></html>");
  });
});

describe("web app manifests (decision 0024)", () => {
  it.each(LANGUAGES)("the %s manifest names the app in its language, starts on its home and has installable icons", (language) => {
    const manifest = JSON.parse(publicFile(`manifest.${language}.webmanifest`).toString("utf8")) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({ id: "/", lang: language, start_url: `/${language}`, scope: "/", display: "standalone", short_name: "Parcours" });
    expect(manifest.name).toMatch(language === "fr" ? /parcs d'attractions/ : /theme park/);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === `${size}x${size}` && candidate.purpose === "any")!;
      const png = publicFile(icon.src.slice(1));
      // PNG signature, then the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  });
});
