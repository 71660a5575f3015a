import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { KeysetPager } from "~/components/admin/keyset-pager";
import { ListControls } from "~/components/admin/list-controls";
import { ListFilter } from "~/components/admin/list-filter";
import { ModerationLogTable } from "~/components/admin/log/moderation-log-table";
import { readModerationLogFilters } from "~/domain/admin-dashboard";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { MODERATION_ACTIONS, MODERATION_TARGET_TYPES } from "~/domain/moderation-log";
import { listModerationLog } from "~/server/admin/moderation-log-queries";
import { requireAdmin } from "~/server/auth/guards";
import type { Route } from "./+types/log";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filters = readModerationLogFilters(params, readSearchText(params));
  const page = await listModerationLog(context.db, filters, readPageRequest(params));
  return { ...page, now: new Date().toISOString() };
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.log"));
}

export default function AdminModerationLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, older, newer, now } = loaderData;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.sections.log")}</h1>
      <ListControls searchLabel={t("admin.log.searchLabel")}>
        <ListFilter
          name="action"
          label={t("admin.log.actionFilter")}
          allLabel={t("admin.log.allActions")}
          options={MODERATION_ACTIONS.map((action) => ({ value: action, label: t(`admin.log.actions.${action}`) }))}
        />
        <ListFilter
          name="target"
          label={t("admin.log.targetFilter")}
          allLabel={t("admin.log.allTargets")}
          options={MODERATION_TARGET_TYPES.map((target) => ({ value: target, label: t(`admin.log.targets.${target}`) }))}
        />
      </ListControls>
      {rows.length === 0 ? (
        <p className="text-stone-600">{t("admin.log.empty")}</p>
      ) : (
        <ModerationLogTable caption={t("admin.sections.log")} entries={rows} now={now} />
      )}
      <KeysetPager older={older} newer={newer} />
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
