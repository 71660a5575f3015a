import { useTranslation } from "~/i18n/translation-context";
import { formatDecimal, formatHoursMinutes, formatKilometres, formatMetres, formatNumber } from "~/domain/format";
import { PROFILE_TYPE_GRID, type ProfileStatistics } from "~/domain/profile-statistics";
import type { ServerDrawn } from "~/domain/server-drawn";
import { useLanguage } from "../root-data";
import { ServerSvg } from "../server-svg";
import { ProfileSection, StatCard } from "./profile-section";

/** "Statistiques cumulées": four cards over the attractions the member rated (docs/rules/profiles.md#cumulative-statistics). */
export function CumulativeStatistics({ statistics }: { statistics: ProfileStatistics }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ProfileSection id="profile-statistics" title={t("profile.statistics.title")}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t("profile.statistics.distance")} value={formatKilometres(statistics.distanceMetres, language)} />
        <StatCard label={t("profile.statistics.inversions")} value={formatNumber(statistics.inversions, language)} />
        <StatCard label={t("profile.statistics.rideTime")} value={formatHoursMinutes(statistics.rideSeconds)} />
        <StatCard label={t("profile.statistics.height")} value={formatMetres(statistics.heightMetres, language)} />
      </dl>
    </ProfileSection>
  );
}

/**
 * The member's rated attractions by type: a chart of every type drawn on the server (decision 0035),
 * then the cards of the eight types of docs/rules/profiles.md#rides-by-type.
 */
export function RidesByType({ statistics, chart }: { statistics: ProfileStatistics; chart: ServerDrawn }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ProfileSection id="profile-types" title={t("profile.byType.title")}>
      <ServerSvg markup={chart} className="mb-4 max-w-2xl" />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PROFILE_TYPE_GRID.map((type) => (
          <StatCard key={type} label={t(`attractionTypes.${type}`)} value={formatNumber(statistics.ridesByType[type], language)} />
        ))}
      </dl>
    </ProfileSection>
  );
}

/** The member's ratings over the last twelve months, parks and rides apart: drawn on the server (decision 0035). */
export function RatingsByMonth({ chart }: { chart: ServerDrawn }) {
  const { t } = useTranslation();
  return (
    <ProfileSection id="profile-months" title={t("charts.byMonth.title")}>
      <ServerSvg markup={chart} className="max-w-3xl" />
    </ProfileSection>
  );
}

/** Tested attractions, visited parks, average rating and reviews given. */
export function RatingStatistics({ statistics }: { statistics: ProfileStatistics }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ProfileSection id="profile-rating-stats" title={t("profile.ratingStats.title")}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t("profile.ratingStats.testedAttractions")} value={formatNumber(statistics.testedRides, language)} />
        <StatCard label={t("profile.ratingStats.visitedParks")} value={formatNumber(statistics.visitedParks, language)} />
        <StatCard
          label={t("profile.ratingStats.averageRating")}
          value={statistics.averageRating === null ? t("profile.ratingStats.noAverage") : `${formatDecimal(statistics.averageRating, language, 1)} / 5`}
        />
        <StatCard label={t("profile.ratingStats.reviewsGiven")} value={formatNumber(statistics.reviewsGiven, language)} />
      </dl>
    </ProfileSection>
  );
}
