import { useTranslation } from "react-i18next";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import { requireUser } from "~/server/auth/guards";
import type { Route } from "./+types/contribute";

/** Adding a park needs an account (public site §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.contribute"));
}

export default function Page() {
  const { t } = useTranslation();
  return <ComingSoon title={t("pages.contribute")} />;
}
