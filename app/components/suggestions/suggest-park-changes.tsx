import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { LoginPrompt } from "../login-prompt";
import { useLocalizedHref } from "../root-data";

/**
 * The park page's 'Suggérer des modifications' (community §2): a plain link to
 * the suggestion page, no script of its own (the park page is at its
 * JavaScript budget). Visitors get the login prompt instead.
 */
export function SuggestParkChanges({ parkId, signedIn }: { parkId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  if (!signedIn) return <LoginPrompt>{t("suggestions.form.loginPrompt")}</LoginPrompt>;
  return (
    <p className="mt-4">
      <Link to={href(`/parks/${parkId}/suggest`)} className="inline-block rounded-lg border border-teal-700 px-4 py-2 font-medium text-teal-800 hover:bg-teal-50">
        {t("suggestions.form.open")}
      </Link>
    </p>
  );
}
