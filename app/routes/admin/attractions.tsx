import { data } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminRidesView } from "~/domain/admin-ride-rows";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import type { MessageKey } from "~/i18n/translate";
import { MODERATION_STATUSES, type ModerationStatus } from "~/domain/moderation";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { RidesScreen } from "~/components/admin/rides/rides-screen";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedForm, type PostedIntent } from "~/server/http/dispatch-intent";
import {
  rideHeading,
  rideTypeNames,
  editableRide,
  listAdminRides,
  listRideReviews,
} from "~/server/admin/admin-rides";
import { approveRide, deleteRide, rejectRide, updateRide, type RideModeration } from "~/server/admin/ride-moderation";
import { setRideContinues } from "~/server/admin/ride-relocation";
import { findRelocationCandidates, readRideLine } from "~/server/admin/ride-relocation-choices";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import type { Route } from "./+types/attractions";

/**
 * The list, `?edit=<id>` (the edit form), `?reviews=<id>` (a ride's reviews) or `?continues=<id>` (the ride it
 * continues, and the rides of other parks found by `q`), all paged from the address.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminRidesView> {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date().toISOString();
  const editId = params.get("edit");
  if (editId !== null) {
    const ride = await editableRide(context.db, editId);
    const line = ride ? await readRideLine(context.db, ride.id) : null;
    if (!ride || !line) throw data(null, { status: 404 });
    return { view: "edit", now, attraction: ride, continues: line.continues, types: await typesOrNull(context, rideTypeNames(context.db)) };
  }
  const reviewsId = params.get("reviews");
  if (reviewsId !== null) {
    const ride = await rideHeading(context.db, reviewsId);
    if (!ride) throw data(null, { status: 404 });
    try {
      return { view: "reviews", now, attraction: ride, page: await listRideReviews(context.db, ride.id, readPageRequest(params)) };
    } catch (error) {
      context.logger.error({ err: error }, "admin attraction reviews failed to load");
      return { view: "reviews", now, attraction: ride, page: null };
    }
  }
  const continuesId = params.get("continues");
  if (continuesId !== null) {
    const ride = await readRideLine(context.db, continuesId);
    if (!ride) throw data(null, { status: 404 });
    return { view: "continues", now, attraction: ride, candidates: await findRelocationCandidates(context.db, ride.id, readSearchText(params)) };
  }
  const status = params.get("status");
  const page = await listAdminRides(context.db, {
    search: readSearchText(params),
    status: (MODERATION_STATUSES as readonly string[]).includes(status ?? "") ? (status as ModerationStatus) : null,
    page: readPageRequest(params),
  });
  return { view: "list", now, page };
}

/** The edit form still shows when the types cannot be read, with the product's message instead of the select's options. */
async function typesOrNull<T>(context: Route.LoaderArgs["context"], reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    context.logger.error({ err: error }, "attraction types failed to load");
    return null;
  }
}

const FAILURE: Record<string, MessageKey> = {
  update: "admin.attractions.errors.update",
  delete: "admin.attractions.errors.delete",
};

/** Approve, reject (from this screen and the dashboard), edit and delete a ride; say which ride it continues, or none. */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const admin = requireAdmin(request, context);
  // Every intent names its ride by `id`; a failure is logged and said in the intent's own words.
  const moderate =
    (run: (id: string, form: PostedForm) => Promise<RideModeration>) =>
    async ({ intent, form }: PostedIntent): Promise<PageAnswer<AdminAnswer>> => {
      const posted = await form();
      const id = posted.text("id");
      let outcome: RideModeration;
      try {
        outcome = await run(id, posted);
      } catch (error) {
        context.logger.error({ err: error, intent, id }, "admin attraction action failed");
        return adminRefusal(intent, "failed", { key: FAILURE[intent] ?? "admin.errors.actionFailed" });
      }
      return outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.reason, outcome.error, outcome.fields);
    };
  const handlers: IntentHandlers<AdminIntent<"attractions">, PostedIntent, PageAnswer<AdminAnswer>> = {
    approve: moderate((id) => approveRide(context.db, admin.id, id)),
    reject: moderate((id, { text }) => rejectRide(context.db, admin.id, id, text("reason"))),
    update: moderate((id, { data }) => updateRide(context.db, admin.id, id, textValues(data))),
    delete: moderate((id) => deleteRide(context, admin.id, id)),
    setContinues: moderate((id, { text }) => setRideContinues(context.db, admin.id, id, text("continuesId"))),
    clearContinues: moderate((id) => setRideContinues(context.db, admin.id, id, null)),
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.attractions.title"));
}

export default function AdminRides({ loaderData }: Route.ComponentProps) {
  return <RidesScreen data={loaderData} />;
}

export const ErrorBoundary = routeErrorBoundary();
