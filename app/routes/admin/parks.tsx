import { Link, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { AdminAlert } from "~/components/admin/admin-alert";
import { ListControls } from "~/components/admin/list-controls";
import { ParkEditForm } from "~/components/admin/parks/park-edit-form";
import { ParkList } from "~/components/admin/parks/park-list";
import { ParkReviews, ParkReviewsFailed } from "~/components/admin/parks/park-reviews";
import { listSearch } from "~/components/admin/parks/view-links";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readAdminParksView, readStatusFilter } from "~/domain/admin-parks";
import { isUuid } from "~/domain/ids";
import { PARK_ADMIN_EDIT_FIELDS } from "~/domain/park-fields";
import type { MessageKey } from "~/i18n/translate";
import { findAdminPark, listAdminParkReviews, listAdminParks } from "~/server/admin/admin-parks";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedForm, type PostedIntent } from "~/server/http/dispatch-intent";
import { approvePark, deletePark, rejectPark, updatePark, type ParkModerationOutcome } from "~/server/admin/park-moderation";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import { deleteStoredImages } from "~/server/images/delete-stored-images";
import type { Route } from "./+types/parks";
import { routeErrorBoundary } from "~/components/route-error-boundary";

// Every field of the edit form, as declared: one left out would be read as empty, and cleared.
const EDIT_FIELDS = PARK_ADMIN_EDIT_FIELDS;

/** What a failed action says (docs/rules/back-office.md#messages); approvals and rejections, without a message of their own, get the generic banner. */
const FAILURES: Record<AdminIntent<"parks">, MessageKey> = {
  approve: "admin.errors.actionFailed",
  reject: "admin.errors.actionFailed",
  update: "admin.parks.errors.updateFailed",
  delete: "admin.parks.errors.deleteFailed",
};

/** 'Gestion des parcs': the list, or in its place the edit form (`?edit=`) or a park's reviews (`?reviews=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date().toISOString();
  const view = readAdminParksView(params);
  if (view.kind === "edit") {
    const park = await findAdminPark(context.db, view.id);
    return { now, screen: park ? ({ kind: "edit", park } as const) : ({ kind: "missing" } as const) };
  }
  if (view.kind === "reviews") {
    try {
      const found = await listAdminParkReviews(context.db, view.id, readPageRequest(params));
      return { now, screen: found ? ({ kind: "reviews", ...found } as const) : ({ kind: "missing" } as const) };
    } catch (error) {
      context.logger.error({ err: error, parkId: view.id }, "park reviews could not be loaded");
      return { now, screen: { kind: "reviewsFailed" } as const };
    }
  }
  const page = await listAdminParks(context.db, {
    search: readSearchText(params),
    status: readStatusFilter(params),
    page: readPageRequest(params),
  });
  return { now, screen: { kind: "list", page } as const };
}

/**
 * approve, reject (the dashboard posts these two as well), update, delete:
 * each checks the administrator itself, then one transaction in
 * server/admin/park-moderation.ts. A failure is logged and answered with its
 * message; a refusal changed nothing.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const admin = requireAdmin(request, context);
  // Every intent names its park by `id`; a failure is logged and said in the intent's own words.
  const moderate =
    (run: (id: string, form: PostedForm) => Promise<ParkModerationOutcome>) =>
    async ({ intent, form }: PostedIntent & { intent: AdminIntent<"parks"> }): Promise<PageAnswer<AdminAnswer>> => {
      const posted = await form();
      const id = posted.text("id");
      if (!isUuid(id)) return adminRefusal(intent, "invalid", { key: "errors.badRequest" });
      let outcome: ParkModerationOutcome;
      try {
        outcome = await run(id, posted);
      } catch (error) {
        context.logger.error({ err: error, intent, parkId: id }, "park moderation failed");
        return adminRefusal(intent, "failed", { key: FAILURES[intent] });
      }
      return outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.reason, outcome.error, outcome.fields);
    };
  const handlers: IntentHandlers<AdminIntent<"parks">, PostedIntent, PageAnswer<AdminAnswer>> = {
    approve: moderate((id) => approvePark(context.db, admin, id)),
    reject: moderate((id, { text }) => rejectPark(context.db, admin, id, text("reason"))),
    update: moderate((id, { text }) => updatePark(context.db, admin, id, Object.fromEntries(EDIT_FIELDS.map((field) => [field, text(field)])))),
    delete: moderate(async (id) => {
      const deletion = await deletePark(context.db, admin, id);
      if (deletion.ok) await deleteStoredImages(context.imageStorage, deletion.imageReferences, context.logger);
      return deletion.ok ? { ok: true } : deletion;
    }),
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.parks.title"));
}

export default function AdminParks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { screen, now } = loaderData;
  if (screen.kind === "edit") return <ParkEditForm key={screen.park.id} park={screen.park} />;
  if (screen.kind === "reviews") return <ParkReviews park={screen.park} reviews={screen.reviews} now={now} />;
  if (screen.kind === "reviewsFailed") return <ParkReviewsFailed />;
  if (screen.kind === "missing") return <MissingPark />;
  return (
    <section aria-labelledby="admin-parks-title">
      <h1 id="admin-parks-title" className="mb-4 text-2xl font-extrabold">{t("admin.parks.title")}</h1>
      <ListControls searchLabel={t("admin.parks.searchLabel")} statuses="moderation" />
      <ParkList page={screen.page} now={now} />
    </section>
  );
}

function MissingPark() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold">{t("admin.parks.title")}</h1>
      <AdminAlert error={{ key: "admin.parks.errors.notFound" }} />
      <Link to={listSearch(params)} className="inline-block rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-50">
        {t("admin.common.backToList")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary();
