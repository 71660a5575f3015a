import type { RefusalReason } from "~/domain/outcome";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { waitReportFieldsOf, type WaitReportAnswer, type WaitReportErrorKey } from "~/domain/wait-reports";
import { statusOf } from "~/server/http/refusal-status";
import { readJsonBody } from "~/server/http/json-body";
import { reportWait } from "~/server/waits/report-wait";
import type { Route } from "./+types/api.waits";

/**
 * The signed-in member's wait reports, as JSON (docs/rules/waits.md#reporting-a-wait): POST `{ rideId, minutes,
 * happenedAt }`, `happenedAt` an ISO 8601 time with the device's UTC offset ("2026-07-14T10:25:00+02:00",
 * localIsoTime in app/domain/wait-reports.ts), sent by the plan's and the ride log's controls, online or later through
 * the offline outbox. Whose report it is comes from the session only, and a page rendered for another member is
 * answered as signed out (as the plans' and the ride log's addresses do). Every answer is a WaitReportAnswer, never
 * cached; writes from other sites are refused before they get here (http/same-origin.ts).
 */

const REASON: Record<WaitReportErrorKey | "auth.errors.suspended", RefusalReason> = {
  "waits.errors.minutes": "invalid",
  "waits.errors.minutesWhole": "invalid",
  "waits.errors.time": "invalid",
  "waits.errors.future": "invalid",
  "waits.errors.tooOld": "invalid",
  "waits.errors.unauthenticated": "unauthenticated",
  "waits.errors.badRequest": "invalid",
  "waits.errors.rideNotFound": "notFound",
  "waits.errors.rideNotOperating": "invalid",
  "waits.errors.tooMany": "tooMany",
  "waits.errors.save": "failed",
  "auth.errors.suspended": "forbidden",
};

/** A report is about a hundred bytes; a few kilobytes leave room and stop anything else. */
const BODY_MAX_BYTES = 4 * 1024;

function answer(value: WaitReportAnswer, headers: Record<string, string> = {}): Response {
  return Response.json(value, { status: value.ok ? 200 : statusOf(REASON[value.error]), headers: { "Cache-Control": "private, no-store", ...headers } });
}

export function loader() {
  return answer({ ok: false, error: "waits.errors.badRequest" }, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer({ ok: false, error: "waits.errors.badRequest" }, { Allow: "POST" });
  const pageMember = request.headers.get(PAGE_MEMBER_HEADER);
  const user = context.currentUser && (pageMember === null || pageMember === context.currentUser.id) ? context.currentUser : null;
  if (!user) return answer({ ok: false, error: "waits.errors.unauthenticated" });
  const fields = waitReportFieldsOf(await readJsonBody(request, BODY_MAX_BYTES));
  if (!fields) return answer({ ok: false, error: "waits.errors.badRequest" });
  try {
    return answer(await reportWait(context.db, user, fields));
  } catch (error) {
    context.logger.error({ err: error }, "unexpected error");
    return answer({ ok: false, error: "waits.errors.save" });
  }
}
