import type { Language } from "~/domain/languages";
import { chartFigure, chartNumbers, horizontalBars, type BarRow } from "./chart-markup";

/**
 * The distributions of ratings (docs/rules/ratings.md#rating-distributions), from the star histograms maintained with each rating
 * (decision 0035): five counts, 1 star first. Drawn 5 stars at the top, as rating sites do.
 */

export type StarLabels = {
  /** The chart's name, also its table's caption. */
  title: string;
  /** "1 étoile" … "5 étoiles", 1 star first. */
  stars: readonly string[];
  starsHeader: string;
  countHeader: string;
  shareHeader: string;
};

const FIVE_TO_ONE = [4, 3, 2, 1, 0] as const;

/** A ride's ratings by number of stars, count and share per star; null when nobody rated it. */
export function ratingDistributionChart(histogram: readonly number[], labels: StarLabels, language: Language): string | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const numbers = chartNumbers(language);
  const rows = FIVE_TO_ONE.map((index) => {
    const count = histogram[index] ?? 0;
    return { label: labels.stars[index]!, count: numbers.count(count), share: numbers.share(count, total), value: count };
  });
  const svg = horizontalBars({
    name: labels.title,
    rows: rows.map((row): BarRow => ({ label: row.label, value: row.value, valueText: `${row.count} (${row.share})` })),
  });
  return chartFigure(svg, {
    caption: labels.title,
    head: [labels.starsHeader, labels.countHeader, labels.shareHeader],
    rows: rows.map((row) => [row.label, row.count, row.share]),
  });
}

export type CategoryHistogram = { name: string; histogram: readonly number[] };

/**
 * A park's six categories as small multiples: one little bar chart per category that has ratings
 * (a sub-rating may be left out), each its own image named after its category, and one table
 * listing every count and share. Null when no category has a rating.
 */
export function parkCategoryCharts(
  categories: readonly CategoryHistogram[],
  labels: StarLabels & { categoryHeader: string; categoryChart: (category: string) => string },
  language: Language,
): string | null {
  const numbers = chartNumbers(language);
  const rated = categories
    .map((category) => ({ ...category, total: category.histogram.reduce((sum, count) => sum + count, 0) }))
    .filter((category) => category.total > 0);
  if (rated.length === 0) return null;
  const charts = rated.map((category) =>
    horizontalBars({
      name: labels.categoryChart(category.name),
      title: category.name,
      rows: FIVE_TO_ONE.map((index) => {
        const count = category.histogram[index] ?? 0;
        return { label: `${index + 1} ★`, value: count, valueText: numbers.count(count) };
      }),
    }),
  );
  const grid = `<div class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${charts.map((chart) => `<div>${chart}</div>`).join("")}</div>`;
  return chartFigure(grid, {
    caption: labels.title,
    head: [labels.categoryHeader, ...labels.stars],
    rows: rated.map((category) => [
      category.name,
      ...[0, 1, 2, 3, 4].map((index) => {
        const count = category.histogram[index] ?? 0;
        return `${numbers.count(count)} (${numbers.share(count, category.total)})`;
      }),
    ]),
  });
}
