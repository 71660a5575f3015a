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
import { isAdminIntent, type AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readAdminParksView, readStatusFilter } from "~/domain/admin-parks";
import { isUuid } from "~/domain/ids";
import { MODERATION_STATUSES } from "~/domain/moderation";
import { PARK_ADMIN_EDIT_FIELDS } from "~/domain/park-fields";
import type { MessageKey } from "~/i18n/translate";
import { findAdminPark, listAdminParkReviews, listAdminParks } from "~/server/admin/admin-parks";
import { adminRefusal, readAdminForm, unknownIntent } from "~/server/admin/admin-request";
import { approvePark, deletePark, rejectPark, updatePark, type ParkModerationOutcome } from "~/server/admin/park-moderation";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/page-answer";
import { deleteStoredImages } from "~/server/images/delete-stored-images";
import { data } from "react-router";
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
  const { admin, intent, text } = await readAdminForm(request, context);
  if (!isAdminIntent("parks", intent)) return unknownIntent(intent);
  const id = text("id");
  if (!isUuid(id)) return adminRefusal(intent, 400, { key: "errors.badRequest" });
  let outcome: ParkModerationOutcome;
  try {
    if (intent === "approve") outcome = await approvePark(context.db, admin, id);
    else if (intent === "reject") outcome = await rejectPark(context.db, admin, id, text("reason"));
    else if (intent === "update") outcome = await updatePark(context.db, admin, id, Object.fromEntries(EDIT_FIELDS.map((field) => [field, text(field)])));
    else {
      const deletion = await deletePark(context.db, admin, id);
      if (deletion.ok) await deleteStoredImages(context.imageStorage, deletion.imageReferences, context.logger);
      outcome = deletion.ok ? { ok: true } : deletion;
    }
  } catch (error) {
    context.logger.error({ err: error, intent, parkId: id }, "park moderation failed");
    return adminRefusal(intent, 500, { key: FAILURES[intent] });
  }
  if (outcome.ok) return { ok: true, intent };
  return data({ ok: false, intent, error: outcome.error, fields: outcome.fields } satisfies AdminAnswer, { status: outcome.status });
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
      <h1 id="admin-parks-title" className="mb-4 text-2xl font-extrabold">
        {t("admin.parks.title")}
      </h1>
      <ListControls
        searchLabel={t("admin.parks.searchLabel")}
        statuses={MODERATION_STATUSES.map((status) => ({ value: status, label: t(`admin.moderation.${status}`) }))}
      />
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
