import { useTranslation } from "react-i18next";
import { ComingSoon } from "~/components/coming-soon";
import { titledMeta } from "~/components/page-meta";
import { requireUser } from "~/server/auth/guards";
import type { Route } from "./+types/profile";

/** /profile is the signed-in user's own profile; /profile/{id} is public. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!params.userId) requireUser(request, context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.profile"));
}

export default function Profile() {
  const { t } = useTranslation();
  return <ComingSoon title={t("pages.profile")} />;
}
