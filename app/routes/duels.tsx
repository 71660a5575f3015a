import { useTranslation } from "~/i18n/translation-context";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import { requireUser } from "~/server/auth/guards";
import type { Route } from "./+types/duels";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** Duels need an account (community §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.duels"));
}

export default function Page() {
  const { t } = useTranslation();
  return <ComingSoon title={t("pages.duels")} />;
}

export const ErrorBoundary = routeErrorBoundary();
