import { useTranslation } from "~/i18n/translation-context";
import { data } from "react-router";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import { requestT } from "~/server/i18n";
import { isAdminSection } from "./sections";
import type { Route } from "./+types/section";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isAdminSection(params.section)) throw data(requestT(request)("errors.notFoundTitle"), { status: 404 });
  return { section: params.section };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData ? titledMeta(matches, (t) => t(`admin.sections.${loaderData.section}`)) : [];
}

export default function AdminSectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`admin.sections.${loaderData.section}`)} />;
}

export const ErrorBoundary = routeErrorBoundary();
