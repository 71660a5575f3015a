import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import { useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";

/** Where the member's personal rankings from duels go (community §2); the duels feature fills it. */
export function DuelRankingsSlot({ isOwn }: { isOwn: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <ProfileSection id="profile-duel-rankings" title={t("profile.duelRankings.title")}>
      <p className="text-stone-600">{t("profile.duelRankings.empty")}</p>
      {isOwn ? (
        <Link to={href("/duels")} className="mt-2 inline-block font-medium text-teal-800 underline-offset-2 hover:underline">
          {t("profile.duelRankings.playDuels")}
        </Link>
      ) : null}
    </ProfileSection>
  );
}
