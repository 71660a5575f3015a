import { useTranslation } from "~/i18n/translation-context";
import { KeysetPager } from "~/components/admin/keyset-pager";
import { ListControls } from "~/components/admin/list-controls";
import { ReportTable } from "~/components/admin/comments/report-table";
import { titledMeta } from "~/components/page-meta";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readReportStatusFilter } from "~/domain/admin-reports";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { listAdminReports } from "~/server/admin/admin-reports";
import { dismissReport, resolveReport } from "~/server/admin/report-moderation";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import type { Route } from "./+types/comments";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** Every status by default, newest first; `?status=pending` is the administrator's queue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const reports = await listAdminReports(context.db, {
    status: readReportStatusFilter(params.get("status")),
    search: readSearchText(params),
    page: readPageRequest(params),
  });
  return { reports, now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const admin = requireAdmin(request, context);
  const moderate =
    (decide: typeof resolveReport) =>
    async ({ intent, form }: PostedIntent): Promise<PageAnswer<AdminAnswer>> => {
      const { text } = await form();
      try {
        const outcome = await decide(context.db, admin, { id: text("id"), resolution: text("reason") });
        return outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.reason, outcome.error);
      } catch (error) {
        context.logger.error({ err: error }, "report moderation not saved");
        return adminRefusal(intent, "failed", { key: "admin.errors.actionFailed" });
      }
    };
  const handlers: IntentHandlers<AdminIntent<"comments">, PostedIntent, PageAnswer<AdminAnswer>> = { resolve: moderate(resolveReport), dismiss: moderate(dismissReport) };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.comments"));
}

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { reports, now } = loaderData;
  return (
    <section>
      <h1 className="mb-6 text-2xl font-extrabold">{t("admin.comments.title")}</h1>
      <ListControls searchLabel={t("admin.comments.searchLabel")} statuses="report" />
      <ReportTable rows={reports.rows} now={now} />
      <KeysetPager older={reports.older} newer={reports.newer} />
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary();
