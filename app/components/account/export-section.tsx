import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { textLink } from "../auth-card";
import { useLocalizedHref } from "../root-data";
import { AccountCard } from "./section-parts";

/** "Exporter mes données": a JSON file of everything the member wrote; the ride log's own files are on its page. */
export function ExportSection() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <AccountCard id="account-export" title={t("account.export.title")}>
      <p className="mt-1 text-sm text-stone-700">{t("account.export.intro")}</p>
      {/* A plain link: the browser downloads the attachment (no client-side routing). */}
      <a href="/api/account/export" download className={`mt-3 inline-block ${textLink}`}>
        {t("account.export.download")}
      </a>
      <p className="mt-2">
        <Link to={href("/profile/ride-log")} className={textLink}>
          {t("rideLog.files.accountLink")}
        </Link>
      </p>
    </AccountCard>
  );
}
