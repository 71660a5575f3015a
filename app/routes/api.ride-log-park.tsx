import type { RideLogParkAnswer } from "~/domain/ride-log";
import { isUuid } from "~/domain/ids";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { statusOf } from "~/server/http/refusal-status";
import { requestT } from "~/server/i18n";
import { readParkTallies } from "~/server/ride-log/park-tallies";
import type { Route } from "./+types/api.ride-log-park";

/**
 * GET /api/ride-log/parks/:parkId: the signed-in member's rides of that park, each with how many times they rode it,
 * for the park page's ride cards (docs/rules/ride-log.md#logging-a-ride, decision 0076). Theirs only: whose log it is
 * comes from the session, and a page rendered for another member is answered as signed out, as the log's writes are
 * (api.ride-log.tsx). Never cached, in no shared cache either. A refusal names its message key and says it in the
 * request's language.
 */

type Refusal = Extract<RideLogParkAnswer, { ok: false }>["error"];

const STATUS: Record<Refusal, number> = {
  "rideLog.errors.unauthenticated": statusOf("unauthenticated"),
  "rideLog.errors.parkNotFound": statusOf("notFound"),
  "rideLog.errors.load": statusOf("failed"),
};

function answer(value: RideLogParkAnswer): Response {
  return Response.json(value, { status: value.ok ? 200 : STATUS[value.error], headers: { "Cache-Control": "private, no-store" } });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const refuse = (error: Refusal) => answer({ ok: false, error, message: requestT(request)(error) });
  const pageMember = request.headers.get(PAGE_MEMBER_HEADER);
  const user = context.currentUser && (pageMember === null || pageMember === context.currentUser.id) ? context.currentUser : null;
  if (!user) return refuse("rideLog.errors.unauthenticated");
  if (!isUuid(params.parkId)) return refuse("rideLog.errors.parkNotFound");
  try {
    const times = await readParkTallies(context.db, user.id, params.parkId);
    return times ? answer({ ok: true, times }) : refuse("rideLog.errors.parkNotFound");
  } catch (error) {
    context.logger.error({ err: error }, "unexpected error");
    return refuse("rideLog.errors.load");
  }
}
