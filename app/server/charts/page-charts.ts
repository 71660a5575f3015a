import type { TFunction } from "~/i18n/translate";
import type { Language } from "~/domain/languages";
import { PARK_RATING_CATEGORIES, type ParkRatingCategory } from "~/domain/park-rating-categories";
import { RIDE_TYPES } from "~/domain/ride-types";
import type { ProfileStatistics } from "~/domain/profile-statistics";
import type { RatingMonth } from "../profiles/profile-queries";
import { escapeXml } from "../svg/svg-markup";
import { ratingsByMonthChart, ridesByTypeChart } from "./member-charts";
import { parkCategoryCharts, ratingDistributionChart, type StarLabels } from "./rating-charts";

/**
 * What the loaders call: each page's charts from the figures its loader already read (maintained
 * columns, decision 0035), with the page's language. The chart builders take translated strings;
 * this is where they are translated.
 */

function starLabels(t: TFunction, title: string): StarLabels {
  return {
    title,
    stars: [1, 2, 3, 4, 5].map((count) => t("charts.stars", { count })),
    starsHeader: t("charts.starsHeader"),
    countHeader: t("charts.countHeader"),
    shareHeader: t("charts.shareHeader"),
  };
}

/** The ride page's distribution of ratings; null before its first rating. */
export function rideRatingChart(ratingHistogram: readonly number[], t: TFunction, language: Language): string | null {
  return ratingDistributionChart(ratingHistogram, starLabels(t, t("charts.attraction.title")), language);
}

/**
 * The park page's distribution of each category's ratings under its heading (in the markup, not in the
 * page's script, which is at its budget); null while no category has one.
 */
export function parkRatingCharts(
  histograms: Record<`${ParkRatingCategory}Histogram`, readonly number[]>,
  t: TFunction,
  language: Language,
): string | null {
  const charts = parkCategoryCharts(
    PARK_RATING_CATEGORIES.map((category) => ({
      name: t(`park.ratings.categories.${category}`),
      histogram: histograms[`${category}Histogram`],
    })),
    {
      ...starLabels(t, t("charts.park.title")),
      categoryHeader: t("charts.park.categoryHeader"),
      categoryChart: (category) => t("charts.park.chart", { category }),
    },
    language,
  );
  return charts && `<h3 class="font-semibold">${escapeXml(t("charts.park.title"))}</h3><div class="mt-3">${charts}</div>`;
}

/** The profile's two charts: ratings by month (last twelve) and rated rides by type (all ten, in the order of docs/rules/catalogue.md#ride-types). */
export function profileCharts(
  summary: { ratingMonths: readonly RatingMonth[]; statistics: Pick<ProfileStatistics, "ridesByType"> },
  t: TFunction,
  language: Language,
): { byMonth: string; byType: string } {
  const byMonth = ratingsByMonthChart(
    summary.ratingMonths,
    {
      title: t("charts.byMonth.title"),
      monthHeader: t("charts.byMonth.monthHeader"),
      parks: t("charts.byMonth.parks"),
      rides: t("charts.byMonth.rides"),
      empty: t("charts.byMonth.empty"),
    },
    language,
  );
  const byType = ridesByTypeChart(
    RIDE_TYPES.map((type) => ({ name: t(`attractionTypes.${type}`), count: summary.statistics.ridesByType[type] })),
    {
      title: t("charts.byType.title"),
      typeHeader: t("charts.byType.typeHeader"),
      countHeader: t("charts.byType.countHeader"),
      empty: t("charts.byType.empty"),
    },
    language,
  );
  return { byMonth, byType };
}
