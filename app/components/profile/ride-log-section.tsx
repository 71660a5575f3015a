import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { CreditSummary } from "~/domain/ride-log";
import { useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";
import { CreditTotal, TypeFigures } from "./credit-summary";

/**
 * A profile's ride log (docs/rules/ride-log.md#who-sees-it): the credits and their types, and the way to the log's
 * own page, where the rest is (decision 0075) — the owner's always, another member's unless it is private.
 */
export function RideLogSection({ rideLog, isOwn, username, userId }: { rideLog: CreditSummary | null; isOwn: boolean; username: string; userId: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  if (!rideLog) return null;
  return (
    <ProfileSection id="ride-log" title={isOwn ? t("rideLog.profile.titleOwn") : t("rideLog.profile.title", { username })}>
      <div className="grid gap-4">
        {rideLog.total === 0 ? <p className="text-stone-600">{t("rideLog.profile.empty")}</p> : <CreditTotal total={rideLog.total} rules={rideLog.rules} />}
        <TypeFigures byType={rideLog.byType} />
        <p>
          <Link to={href(isOwn ? "/profile/ride-log" : `/profile/${userId}/ride-log`)} className="font-semibold text-teal-800 hover:underline">
            {isOwn ? t("rideLog.profile.openOwn") : t("rideLog.profile.open", { username })}
          </Link>
        </p>
      </div>
    </ProfileSection>
  );
}
