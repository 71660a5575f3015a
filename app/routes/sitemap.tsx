import { sitemapIndex } from "~/server/catalog/sitemap";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: the index of the sitemap files (docs/rules/quality.md#seo-tags: every approved park and attraction, fr and en). */
export async function loader({ context }: Route.LoaderArgs) {
  return xmlResponse(await sitemapIndex(context.db, context.config.publicUrl));
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
