import { isUuid } from "~/domain/ids";
import { parkPlanFile } from "~/server/identity/park-plan";
import { listDrawnRides } from "~/server/identity/park-skyline";
import { svgNotFound, svgResponse } from "~/server/map/svg-response";
import type { Route } from "./+types/park-plan";

/** Revalidated at every use, as the skyline is: a ride placed or moved changes the drawing; its ETag answers 304 when it did not. */
const PLAN_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600";

/** /maps/plans/<park id>.svg: the plan of a park (docs/rules/catalogue.md#park-plan), drawn from its placed rides. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = /^(.+)\.svg$/.exec(params.file)?.[1];
  const file = isUuid(id) ? parkPlanFile((await listDrawnRides(context.db, id)).placed) : null;
  return file ? svgResponse(request, file, PLAN_CACHE_CONTROL) : svgNotFound();
}
