import { useTranslation } from "~/i18n/translation-context";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.dashboard"));
}

export default function AdminDashboard() {
  const { t } = useTranslation();
  return <ComingSoon title={t("admin.sections.dashboard")} />;
}
