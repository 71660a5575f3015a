import type { RefusalReason } from "~/domain/outcome";
import { checkRideLogRequest, latestRideDate, type RideLogAnswer, type RideLogErrorKey, type RideLogRequest, type RideLogSettingsAnswer } from "~/domain/ride-log";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { dispatch, type IntentHandlers } from "~/server/http/dispatch-intent";
import { statusOf } from "~/server/http/refusal-status";
import { readJsonBody } from "~/server/http/json-body";
import { deleteRideLogEntry, editRideLogEntry, logRide, saveRideLogSettings, setRideWish } from "~/server/ride-log/ride-log-writes";
import type { Route } from "./+types/api.ride-log";

/**
 * The signed-in member's ride log writes, as JSON (docs/rules/ride-log.md#logging-a-ride): POST `{ intent: "log",
 * rideId, entry }`, `{ intent: "edit", entry }`, `{ intent: "delete", entryId, rideId }`, `{ intent: "wish", rideId, wished }`,
 * sent by the ride page's controls through the offline outbox, and `{ intent: "settings", coastersOnly, countRemoved,
 * visibility }`, the profile's. Whose log it is comes from the session only, and a page
 * rendered for another member is answered as signed out (as the plans' address does). Every answer is a RideLogAnswer (a
 * RideLogSettingsAnswer for the settings), never cached; writes from other sites are refused before they get here (http/same-origin.ts).
 */

const REASON: Record<RideLogErrorKey | "auth.errors.suspended", RefusalReason> = {
  "rideLog.errors.date": "invalid",
  "rideLog.errors.dateFuture": "invalid",
  "rideLog.errors.times": "invalid",
  "rideLog.errors.noteTooLong": "invalid",
  "rideLog.errors.id": "invalid",
  "rideLog.errors.unauthenticated": "unauthenticated",
  "rideLog.errors.badRequest": "invalid",
  "rideLog.errors.rideNotFound": "notFound",
  "rideLog.errors.entryNotFound": "notFound",
  "rideLog.errors.idTaken": "conflict",
  "rideLog.errors.tooMany": "tooMany",
  "rideLog.errors.save": "failed",
  "auth.errors.suspended": "forbidden",
};

/** An entry is a few hundred bytes (a note of 280 characters at most). */
const BODY_MAX_BYTES = 4 * 1024;

function answer(value: RideLogAnswer | RideLogSettingsAnswer, headers: Record<string, string> = {}): Response {
  return Response.json(value, { status: value.ok ? 200 : statusOf(REASON[value.error]), headers: { "Cache-Control": "private, no-store", ...headers } });
}

export function loader() {
  return answer({ ok: false, error: "rideLog.errors.badRequest" }, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer({ ok: false, error: "rideLog.errors.badRequest" }, { Allow: "POST" });
  const pageMember = request.headers.get(PAGE_MEMBER_HEADER);
  const user = context.currentUser && (pageMember === null || pageMember === context.currentUser.id) ? context.currentUser : null;
  if (!user) return answer({ ok: false, error: "rideLog.errors.unauthenticated" });
  const checked = checkRideLogRequest(await readJsonBody(request, BODY_MAX_BYTES), latestRideDate(new Date()));
  if (!checked.ok) return answer(checked);
  // Each handler gets the request checked for its intent (the union narrowed by it).
  const handlers: IntentHandlers<RideLogRequest["intent"], RideLogRequest, RideLogAnswer | RideLogSettingsAnswer> = {
    log: ({ rideId, entry }) => logRide(context.db, user, rideId, entry),
    edit: ({ entry }) => editRideLogEntry(context.db, user, entry),
    delete: ({ entryId, rideId }) => deleteRideLogEntry(context.db, user, entryId, rideId ?? null),
    wish: ({ rideId, wished }) => setRideWish(context.db, user, rideId, wished),
    settings: ({ coastersOnly, countRemoved, visibility }) => saveRideLogSettings(context.db, user, { coastersOnly, countRemoved, visibility }),
  };
  try {
    return answer(await dispatch(request, handlers, checked.request.intent, checked.request, () => ({ ok: false, error: "rideLog.errors.badRequest" })));
  } catch (error) {
    context.logger.error({ err: error }, "unexpected error");
    return answer({ ok: false, error: "rideLog.errors.save" });
  }
}
