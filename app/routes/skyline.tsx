import { isUuid } from "~/domain/ids";
import { listDrawnRides, skylineFile } from "~/server/identity/park-skyline";
import { svgNotFound, svgResponse } from "~/server/map/svg-response";
import type { Route } from "./+types/skyline";

/**
 * Revalidated at every use, like the site's kept public pages (decision 0012): a new ride or a new height changes
 * the drawing, and its ETag lets an unchanged one answer 304.
 */
const SKYLINE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600";

/** /skylines/<park id>.svg: the park page's banner, drawn from its published rides' heights and types. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = /^(.+)\.svg$/.exec(params.file)?.[1];
  const rides = isUuid(id) ? (await listDrawnRides(context.db, id)).skyline : [];
  if (rides.length === 0) return svgNotFound();
  return svgResponse(request, skylineFile(rides), SKYLINE_CACHE_CONTROL);
}
