import { readFrameKey } from "~/domain/map-frames";
import { baseMapFile } from "~/server/map/base-map";
import { svgBusy, svgNotFound, svgResponse } from "~/server/map/svg-response";
import type { Route } from "./+types/map-base";

/**
 * /maps/base/<frame>.svg: the map page's base map (land and borders), drawn once per frame and cached (decision
 * 0033). Only the frames the page can link, in their one spelling, are drawn; any other name is a 404 (decision 0039).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = /^(.+)\.svg$/.exec(params.frame)?.[1];
  const frame = key ? readFrameKey(key) : null;
  if (!frame) return svgNotFound();
  const file = await baseMapFile(frame);
  return file ? svgResponse(request, file) : svgBusy();
}
