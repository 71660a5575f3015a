import { useTranslation } from "~/i18n/translation-context";
import { formatMultiplier, influenceProgress } from "~/domain/influence";
import { useLanguage } from "../root-data";
import { ProfileSection } from "./profile-section";

/** The member's influence level from parks rated, and how many parks are left to the next one (docs/rules/profiles.md#influence). */
export function InfluenceCard({ parksRated }: { parksRated: number }) {
  const { t } = useTranslation();
  const { level, next, parksToNext, progress } = influenceProgress(parksRated);
  const multiplier = formatMultiplier(level.multiplier, useLanguage());
  const nextName = next ? t(`profile.influence.levels.${next.id}`) : null;
  return (
    <ProfileSection id="profile-influence" title={t("profile.influence.title")}>
      <p className="text-2xl font-extrabold text-teal-900">
        {t(`profile.influence.levels.${level.id}`)} {multiplier}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {t("profile.influence.parksRated", { count: parksRated })} · {t("profile.influence.explanation", { multiplier })}
      </p>
      {nextName ? (
        <>
          <progress
            className="mt-3 h-2 w-full accent-teal-700"
            value={progress}
            max={1}
            aria-label={t("profile.influence.progressLabel", { name: nextName })}
          />
          <p className="mt-1 text-sm">{t("profile.influence.next", { count: parksToNext, name: nextName })}</p>
        </>
      ) : (
        <p className="mt-2 text-sm font-medium">{t("profile.influence.top")}</p>
      )}
    </ProfileSection>
  );
}
