import { useTranslation } from "~/i18n/translation-context";
import { badgeStandings, type BadgeFamilyId } from "~/domain/badges";
import { formatHoursMinutes, formatKilometres, formatNumber } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { useLanguage } from "../root-data";
import { ProfileSection } from "./profile-section";

const LEVEL_COLOURS = {
  1: "border-amber-700/40 bg-amber-50 text-amber-900",
  2: "border-stone-400 bg-stone-100 text-stone-800",
  3: "border-yellow-500 bg-yellow-50 text-yellow-900",
} as const;

/** A family's figure in its own unit: track in km, time in hours and minutes, the rest as counts. */
function formatBadgeValue(family: BadgeFamilyId, value: number, language: Language): string {
  if (family === "rails") return formatKilometres(value, language);
  if (family === "time") return formatHoursMinutes(value);
  return formatNumber(value, language);
}

/** Each badge family at the highest level reached, with the progress toward the next (docs/rules/profiles.md#badges). */
export function BadgeList({ values }: { values: Record<BadgeFamilyId, number> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const earned = badgeStandings(values).filter((standing) => standing.level > 0);
  return (
    <ProfileSection id="profile-badges" title={t("profile.badges.title")}>
      {earned.length === 0 ? (
        <p className="text-stone-600">{t("profile.badges.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {earned.map((standing) => {
            const family = t(`profile.badges.families.${standing.family}`);
            const value = formatBadgeValue(standing.family, standing.value, language);
            return (
              <li key={standing.family} className={`rounded-xl border p-4 ${LEVEL_COLOURS[standing.level as 1 | 2 | 3]}`}>
                <p className="font-bold">
                  {t("profile.badges.badgeName", { family, level: t(`profile.badges.levels.${standing.level as 1 | 2 | 3}`) })}
                </p>
                <p className="text-sm">
                  {value} {t(`profile.badges.measures.${standing.family}`)}
                </p>
                {standing.nextThreshold === null ? (
                  <p className="mt-2 text-sm font-medium">{t("profile.badges.maxed", { value })}</p>
                ) : (
                  <>
                    <progress
                      className="mt-2 h-2 w-full accent-teal-700"
                      value={standing.progress}
                      max={1}
                      aria-label={t("profile.badges.progressLabel", { family })}
                    />
                    <p className="text-xs">
                      {t("profile.badges.progress", { value, next: formatBadgeValue(standing.family, standing.nextThreshold, language) })}
                    </p>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ProfileSection>
  );
}
