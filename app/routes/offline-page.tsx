import { isLanguage, type Language } from "~/domain/languages";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { requestT } from "~/server/i18n";
import { escapeXml } from "~/server/svg/svg-markup";
import type { Route } from "./+types/offline-page";

/**
 * The site's own page for an address the service worker (public/sw.js) cannot reach and did not keep:
 * fetched once per language when the worker installs, answered by it only when a navigation fails for want
 * of a network. A whole document with nothing of a member in it (the worker fetches it without cookies),
 * no script and no built file, so it shows with nothing else cached. Served only to the worker's request
 * (this header), so no one online is ever shown it.
 */
const PRECACHE_HEADER = "X-Parcours-Offline-Page";

const STYLE =
  "body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;line-height:1.5}" +
  "main{max-width:36rem;margin:0 auto;padding:3rem 1rem}h1{font-size:1.75rem;margin:0 0 1rem}" +
  ".brand{color:#115e59;font-weight:800;margin:0 0 2rem}ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.75rem}" +
  "a{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #0f766e;color:#115e59;font-weight:600;text-decoration:none}" +
  "a:focus-visible{outline:3px solid #0f766e;outline-offset:2px}.primary{background:#0f766e;color:#fff}";

export function loader({ request, params }: Route.LoaderArgs) {
  if (request.headers.get(PRECACHE_HEADER) !== "precache" || !isLanguage(params.language)) {
    return new Response(requestT(request)("errors.notFoundTitle"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const language: Language = params.language;
  const t = createTranslator(language, resources[language]);
  const text = (key: Parameters<typeof t>[0]) => escapeXml(t(key));
  const body = [
    "<!DOCTYPE html>",
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${text("offlinePage.title")}</title><style>${STYLE}</style></head>`,
    `<body data-offline-page><main><p class="brand">${text("common.appName")}</p>`,
    `<h1>${text("offlinePage.heading")}</h1><p>${text("offlinePage.body")}</p><p>${text("offlinePage.plans")}</p>`,
    // An empty href is the address asked for: the worker answers this page in its place, so it tries that address again.
    `<ul><li><a class="primary" href="">${text("offlinePage.retry")}</a></li><li><a href="/${language}">${text("offlinePage.home")}</a></li></ul>`,
    "</main></body></html>",
  ].join("");
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
