import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { DashboardCounters } from "~/components/admin/dashboard/dashboard-counters";
import { PendingList } from "~/components/admin/dashboard/pending-list";
import { ModerationLogTable } from "~/components/admin/log/moderation-log-table";
import { readDashboard } from "~/server/admin/dashboard";
import { requireAdmin } from "~/server/auth/guards";
import type { Route } from "./+types/dashboard";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const dashboard = await readDashboard(context.db);
  return { ...dashboard, now: new Date().toISOString() };
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.dashboard"));
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts, pendingParks, pendingAttractions, recentLog, now } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-stone-900">{t("admin.sections.dashboard")}</h1>
      <DashboardCounters counts={counts} />
      <section aria-labelledby="dashboard-pending" className="space-y-3">
        <h2 id="dashboard-pending" className="text-xl font-semibold text-stone-900">
          {t("admin.dashboard.pendingTitle")}
        </h2>
        {pendingParks.length === 0 && pendingAttractions.length === 0 ? (
          <p className="text-stone-600">{t("admin.dashboard.noPending")}</p>
        ) : (
          <div className="space-y-6">
            <PendingList title={t("admin.dashboard.pendingParks")} items={pendingParks} action="/admin/parks" now={now} />
            <PendingList title={t("admin.dashboard.pendingAttractions")} items={pendingAttractions} action="/admin/attractions" now={now} />
          </div>
        )}
      </section>
      <section aria-labelledby="dashboard-activity">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="dashboard-activity" className="text-xl font-semibold text-stone-900">
            {t("admin.dashboard.recentTitle")}
          </h2>
          <Link to="/admin/log" className="text-sm font-medium text-teal-800 underline hover:text-teal-900">
            {t("admin.dashboard.fullLog")}
          </Link>
        </div>
        {recentLog.length === 0 ? (
          <p className="mt-2 text-stone-600">{t("admin.dashboard.noActivity")}</p>
        ) : (
          <div className="mt-2">
            <ModerationLogTable caption={t("admin.dashboard.recentTitle")} entries={recentLog} now={now} />
          </div>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
