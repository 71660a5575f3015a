import { answerApiRequest, answerPreflight, answerWrite } from "~/server/api/api-request";
import type { Route } from "./+types/api.v1";

/**
 * GET|HEAD /api/v1/*: the public read API (docs/rules/catalogue.md#public-api, decision 0036); every operation is in
 * app/server/api/api-operations.ts. React Router hands OPTIONS to the loader too: a CORS preflight.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return request.method === "OPTIONS" ? answerPreflight(request) : answerApiRequest(request, context);
}

/** A write of any kind: a read-only API refuses it with 405. */
export async function action({ request }: Route.ActionArgs) {
  return request.method === "OPTIONS" ? answerPreflight(request) : answerWrite(request);
}
