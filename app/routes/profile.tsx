import { useTranslation } from "react-i18next";
import { ComingSoon } from "~/components/coming-soon";
import { Link } from "react-router";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref, useRootData } from "~/components/root-data";
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
  const { user } = useRootData();
  const href = useLocalizedHref();
  return (
    <>
      <ComingSoon title={t("pages.profile")} />
      {user ? (
        <p className="mx-auto -mt-8 max-w-3xl px-4">
          <Link to={href("/account")} className="font-medium text-teal-800 underline-offset-2 hover:underline">
            {t("account.link")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
