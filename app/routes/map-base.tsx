import { readFrameKey } from "~/domain/map-view";
import { baseMapFile } from "~/server/map/base-map";
import { svgNotFound, svgResponse } from "~/server/map/svg-response";
import type { Route } from "./+types/map-base";

/** /maps/base/<frame>.svg: the map page's base map (land and borders), drawn once per frame and cached (decision 0033). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = /^(.+)\.svg$/.exec(params.frame)?.[1];
  const frame = key ? readFrameKey(key) : null;
  return frame ? svgResponse(request, baseMapFile(frame)) : svgNotFound();
}
