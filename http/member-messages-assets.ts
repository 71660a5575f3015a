import crypto from "node:crypto";
import type { Request, Response, NextFunction } from "express";
import { LANGUAGES, type Language } from "../app/domain/languages";
import { MEMBER_MESSAGES_KEY } from "../app/domain/member-payload";
import { matchesIfNoneMatch } from "../app/server/if-none-match";
import { ROUTES_WITH_MEMBER_MESSAGES, slotPageMemberMessages } from "../app/server/pages/member-parts";

/**
 * The members' messages of the pages with slots, each language's as a script with its content's hash in its name
 * (decision 0069): a member's shared page names it instead of carrying the messages in its part, and the browser
 * keeps it for good (a new catalogue is a new name). The catalogue does not change while the server runs: the
 * scripts are made once, at start.
 */
export const MEMBER_MESSAGES_PATH = "/assets/member-messages";

type Asset = { body: Buffer; etag: string; tag: Buffer };

export function memberMessagesAssets() {
  const byName = new Map<string, Asset>();
  const byPage = new Map<string, Asset>();
  for (const route of ROUTES_WITH_MEMBER_MESSAGES) {
    for (const language of LANGUAGES) {
      const messages = slotPageMemberMessages(route, language);
      if (!messages) continue;
      const body = Buffer.from(`window.${MEMBER_MESSAGES_KEY}=${JSON.stringify(messages)};`);
      const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 12);
      const name = `${route}.${language}.${hash}.js`;
      // A classic script that blocks the parser where it stands: it has run before the page's own (module) scripts
      // are even read, so that hydration finds the texts the member's slots were drawn with. It loads beside the
      // page's stylesheet, which holds the first paint back anyway; the policy's 'self' allows it
      // (http/security-headers.ts).
      const asset = { body, etag: `"${hash}"`, tag: Buffer.from(`<script src="${MEMBER_MESSAGES_PATH}/${name}"></script>`) };
      byName.set(name, asset);
      byPage.set(`${route} ${language}`, asset);
    }
  }

  return {
    /** The script element that loads a page's members' messages; empty when the page has none. */
    scriptTag(routeName: string, language: Language | null): Buffer {
      return byPage.get(`${routeName} ${language}`)?.tag ?? Buffer.alloc(0);
    },

    /** Answers GET and HEAD under MEMBER_MESSAGES_PATH (mounted there): immutable, compressed by the site's compression. */
    serve(request: Request, response: Response, next: NextFunction) {
      if (request.method !== "GET" && request.method !== "HEAD") return next();
      const asset = byName.get(request.path.slice(1));
      if (!asset) return next();
      response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      response.setHeader("ETag", asset.etag);
      response.type("text/javascript");
      if (matchesIfNoneMatch(request.headers["if-none-match"], asset.etag)) return void response.status(304).end();
      response.send(asset.body);
    },
  };
}
