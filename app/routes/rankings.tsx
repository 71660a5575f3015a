import { useTranslation } from "~/i18n/translation-context";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";

import type { Route } from "./+types/rankings";


export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.rankings"));
}

export default function Page() {
  const { t } = useTranslation();
  return <ComingSoon title={t("pages.rankings")} />;
}
