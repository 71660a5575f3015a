import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { KeysetPager } from "~/components/admin/keyset-pager";
import { ListControls } from "~/components/admin/list-controls";
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

const SELECT = "mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2";

export default function AdminModerationLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const actionId = useId();
  const targetId = useId();
  const { rows, older, newer, now } = loaderData;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.sections.log")}</h1>
      <ListControls searchLabel={t("admin.log.searchLabel")}>
        <div>
          <label htmlFor={actionId} className="block text-sm font-medium text-stone-800">
            {t("admin.log.actionFilter")}
          </label>
          <select id={actionId} name="action" defaultValue={params.get("action") ?? ""} className={SELECT}>
            <option value="">{t("admin.log.allActions")}</option>
            {MODERATION_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`admin.log.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={targetId} className="block text-sm font-medium text-stone-800">
            {t("admin.log.targetFilter")}
          </label>
          <select id={targetId} name="target" defaultValue={params.get("target") ?? ""} className={SELECT}>
            <option value="">{t("admin.log.allTargets")}</option>
            {MODERATION_TARGET_TYPES.map((target) => (
              <option key={target} value={target}>
                {t(`admin.log.targets.${target}`)}
              </option>
            ))}
          </select>
        </div>
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
