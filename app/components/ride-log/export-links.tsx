import { useTranslation } from "~/i18n/translation-context";
import { ProfileSection } from "../profile/profile-section";
import { textLink } from "../auth-card";

/** The export's two files (docs/rules/ride-log.md#import-and-export): plain links, which the browser downloads. */
export function ExportLinks() {
  const { t } = useTranslation();
  return (
    <ProfileSection id="ride-log-export" title={t("rideLog.export.title")}>
      <p className="text-sm text-stone-700">{t("rideLog.export.intro")}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href="/api/ride-log/export.csv" download className={textLink}>
            {t("rideLog.export.csv")}
          </a>
        </li>
        <li>
          <a href="/api/ride-log/export.json" download className={textLink}>
            {t("rideLog.export.json")}
          </a>
        </li>
      </ul>
    </ProfileSection>
  );
}
