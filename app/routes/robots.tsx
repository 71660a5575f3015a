import type { Route } from "./+types/robots";

/** robots.txt, pointing crawlers at the sitemap on this site's public address. */
export function loader({ context }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "Disallow: /account", "", `Sitemap: ${context.config.publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
