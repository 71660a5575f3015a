import { useTranslation } from "~/i18n/translation-context";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import { requireAdmin } from "~/server/auth/guards";
import type { Route } from "./+types/settings";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.settings"));
}

export default function AdminScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t("admin.sections.settings")} />;
}

export const ErrorBoundary = routeErrorBoundary();
