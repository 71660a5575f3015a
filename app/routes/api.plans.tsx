import { isUuid } from "~/domain/ids";
import type { CurrentUser } from "~/domain/current-user";
import type { RefusalReason } from "~/domain/outcome";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { checkPlanComplete, checkPlanSave, type PlanAnswer, type PlanErrorKey, type PlanIntent } from "~/domain/visit-plan";
import { dispatch, type IntentHandlers } from "~/server/http/dispatch-intent";
import { statusOf } from "~/server/http/refusal-status";
import { completePlanEntry } from "~/server/plans/complete-plan-entry";
import { readPlan } from "~/server/plans/read-plan";
import { savePlan } from "~/server/plans/save-plan";
import { readJsonBody } from "~/server/http/json-body";
import type { Route } from "./+types/api.plans";

/**
 * The signed-in member's visit plan of a park, as JSON (docs/rules/plans.md#saving,
 * decision 0022): GET reads it, POST `{ intent: "save", version, name,
 * entries }` replaces it and `{ intent: "complete", rideId, version }`
 * marks a ride completed. Whose plan it is comes from the session only. Every
 * answer is a PlanAnswer, never an HTML error page, and never cached. Writes
 * from other sites are refused before they get here (http/same-origin.ts).
 */

/**
 * The session's member, unless the calling page was rendered for another (PAGE_MEMBER_HEADER): then
 * the request is answered as signed out, so a page never reads or writes a plan that is not its member's.
 */
function sessionMember(request: Request, user: CurrentUser | null): CurrentUser | null {
  const pageMember = request.headers.get(PAGE_MEMBER_HEADER);
  return user && (pageMember === null || pageMember === user.id) ? user : null;
}

const REASON: Record<PlanErrorKey, RefusalReason> = {
  "plans.errors.unauthenticated": "unauthenticated",
  "plans.errors.badRequest": "invalid",
  "plans.errors.notFound": "notFound",
  "plans.errors.foreignRide": "invalid",
  "plans.errors.stale": "conflict",
  "plans.errors.notInPlan": "invalid",
  "plans.errors.notRated": "invalid",
  "plans.errors.alreadyCompleted": "invalid",
  "plans.errors.suspended": "forbidden",
  "plans.errors.tooMany": "tooMany",
  "plans.errors.load": "failed",
  "plans.errors.save": "failed",
};

/** A plan is a few kilobytes (100 entries of about 80 bytes); anything far larger is not one. */
const BODY_MAX_BYTES = 64 * 1024;

function answer(value: PlanAnswer, init: { headers?: Record<string, string> } = {}): Response {
  return Response.json(value, {
    status: value.ok ? 200 : statusOf(REASON[value.error]),
    headers: { "Cache-Control": "private, no-store", ...init.headers },
  });
}

const refusal = (error: PlanErrorKey) => answer({ ok: false, error });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = sessionMember(request, context.currentUser);
  if (!user) return refusal("plans.errors.unauthenticated");
  if (!isUuid(params.parkId)) return refusal("plans.errors.notFound");
  try {
    const plan = await readPlan(context.db, user.id, params.parkId);
    return plan ? answer({ ok: true, plan }) : refusal("plans.errors.notFound");
  } catch (error) {
    context.logger.error({ err: error }, "unexpected error");
    return refusal("plans.errors.load");
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = sessionMember(request, context.currentUser);
  if (request.method !== "POST") return answer({ ok: false, error: "plans.errors.badRequest" }, { headers: { Allow: "GET, POST" } });
  if (!user) return refusal("plans.errors.unauthenticated");
  if (!isUuid(params.parkId)) return refusal("plans.errors.notFound");
  const body = await readJsonBody(request, BODY_MAX_BYTES);
  if (body === undefined) return refusal("plans.errors.badRequest");
  const intent = typeof body === "object" && body !== null ? (body as { intent?: unknown }).intent : undefined;
  const parkId = params.parkId;
  const handlers: IntentHandlers<PlanIntent, object, Response | Promise<Response>> = {
    save: async () => {
      const checked = checkPlanSave(body);
      return checked.ok ? answer(await savePlan(context.db, user, parkId, checked.value)) : refusal(checked.error);
    },
    complete: async () => {
      const checked = checkPlanComplete(body);
      if (!checked.ok) return refusal(checked.error);
      return answer(await completePlanEntry(context.db, user, parkId, checked.value.rideId, checked.value.version));
    },
  };
  try {
    return await dispatch(request, handlers, intent, {}, () => refusal("plans.errors.badRequest"));
  } catch (error) {
    context.logger.error({ err: error }, "unexpected error");
    return refusal("plans.errors.save");
  }
}
