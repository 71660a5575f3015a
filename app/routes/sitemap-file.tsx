import { data } from "react-router";
import { ridesSitemap, manufacturersSitemap, parksSitemap } from "~/server/catalog/sitemap";
import type { Route } from "./+types/sitemap-file";
import { xmlResponse } from "./sitemap";

/** /sitemaps/parks.xml, /sitemaps/manufacturers.xml and /sitemaps/attractions-{page}.xml. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context;
  if (params.file === "parks.xml") return xmlResponse(await parksSitemap(db, config.publicUrl));
  if (params.file === "manufacturers.xml") return xmlResponse(await manufacturersSitemap(db, config.publicUrl));
  const page = /^attractions-(\d+)\.xml$/.exec(params.file)?.[1];
  const body = page ? await ridesSitemap(db, config.publicUrl, Number(page)) : null;
  if (!body) throw data("Not found", { status: 404 });
  return xmlResponse(body);
}
