import { useTranslation } from "react-i18next";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";

import type { Route } from "./+types/login";


export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.login"));
}

export default function Page() {
  const { t } = useTranslation();
  return <ComingSoon title={t("pages.login")} />;
}
