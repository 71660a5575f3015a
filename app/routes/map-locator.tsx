import { isUuid } from "~/domain/ids";
import { locatorFile } from "~/server/map/base-map";
import { findParkPlace } from "~/server/map/map-queries";
import { svgBusy, svgNotFound, svgResponse } from "~/server/map/svg-response";
import type { Route } from "./+types/map-locator";

/** /maps/parks/<id>.svg: the park page's locator map; nothing for a park without a location or not public. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = /^(.+)\.svg$/.exec(params.file)?.[1];
  const place = isUuid(id) ? await findParkPlace(context.db, id) : null;
  if (!place) return svgNotFound();
  const file = await locatorFile(place);
  return file ? svgResponse(request, file) : svgBusy();
}
