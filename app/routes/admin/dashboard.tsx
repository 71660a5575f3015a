import { useTranslation } from "react-i18next";
import { ComingSoon } from "~/components/coming-soon";

export default function AdminDashboard() {
  const { t } = useTranslation();
  return <ComingSoon title={t("admin.sections.dashboard")} />;
}
