import { intlLocale } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { svgNumber } from "../svg/svg-markup";
import { BAR, RULE, chartFigure, chartNumbers, emptyChart, horizontalBars, svgOpen, svgText } from "./chart-markup";

/**
 * The profile's charts (docs/rules/profiles.md#profile-charts): the member's ratings by month over the last twelve months,
 * parks and rides side by side, and their rated rides by type. Both read maintained figures
 * (user_rating_months, user_rating_stats), never the member's ratings (decision 0035).
 */

export type MonthCount = { month: string; parkRatings: number; rideRatings: number };

export type MonthLabels = {
  title: string;
  monthHeader: string;
  parks: string;
  rides: string;
  /** Said instead of the chart when the twelve months hold no rating. */
  empty: string;
};

/** Amber-700 stripes (5:1 against white): the rides' bars differ from the parks' by their pattern, not only their colour. */
const STRIPES = "#b45309";

/** The smallest whole 1, 2, 2.5 or 5 times a power of ten that is at least `value` (the scale's top). */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5]) if (Number.isInteger(step * power) && step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Grouped vertical bars, one group per month (oldest on the left): parks solid, rides striped,
 * with a legend and a scale; the text alternative lists both counts of every month.
 */
export function ratingsByMonthChart(months: readonly MonthCount[], labels: MonthLabels, language: Language): string {
  if (months.every((month) => month.parkRatings + month.rideRatings === 0)) return emptyChart(labels.empty);
  const numbers = chartNumbers(language);
  const locale = intlLocale(language);
  const short = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
  const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

  const width = 600;
  const height = 250;
  const left = 44;
  const right = 8;
  const top = 34;
  const bottom = 40;
  const plotHeight = height - top - bottom;
  const group = (width - left - right) / Math.max(months.length, 1);
  const barWidth = Math.min(16, (group - 8) / 2);
  const ceiling = niceCeiling(Math.max(...months.flatMap((month) => [month.parkRatings, month.rideRatings])));
  const y = (value: number) => top + plotHeight - (value / ceiling) * plotHeight;
  const hatch = "ratings-by-month-stripes";

  const parts = [
    svgOpen(width, height, labels.title),
    `<defs><pattern id="${hatch}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<rect width="6" height="6" fill="#fff"/><rect width="3" height="6" fill="${STRIPES}"/></pattern></defs>`,
  ];
  // Legend: the two series with their swatches.
  parts.push(`<rect x="${left}" y="8" width="14" height="14" fill="${BAR}"/>`, svgText(left + 20, 20, labels.parks));
  const ridesX = left + 20 + labels.parks.length * 7.8 + 24;
  parts.push(
    `<rect x="${svgNumber(ridesX)}" y="8" width="14" height="14" fill="url(#${hatch})" stroke="${STRIPES}"/>`,
    svgText(ridesX + 20, 20, labels.rides),
  );
  // Scale: zero, half and the top, with light rules.
  for (const tick of [0, ceiling / 2, ceiling]) {
    if (!Number.isInteger(tick)) continue;
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${svgNumber(y(tick))}" y2="${svgNumber(y(tick))}" stroke="${RULE}"/>`);
    parts.push(svgText(left - 6, y(tick) + 4.5, numbers.count(tick), "end"));
  }
  months.forEach((month, index) => {
    const x = left + index * group + group / 2;
    const bar = (value: number, at: number, fill: string, stroke = "") => {
      if (value === 0) return "";
      const height = svgNumber(top + plotHeight - y(value));
      return `<rect x="${svgNumber(at)}" y="${svgNumber(y(value))}" width="${svgNumber(barWidth)}" height="${height}" fill="${fill}"${stroke}/>`;
    };
    parts.push(bar(month.parkRatings, x - barWidth - 1, BAR));
    parts.push(bar(month.rideRatings, x + 1, `url(#${hatch})`, ` stroke="${STRIPES}"`));
    const date = dateOf(month.month);
    parts.push(svgText(x, height - bottom + 16, short.format(date), "middle"));
    // The year under the first month and under each January.
    if (index === 0 || date.getUTCMonth() === 0) parts.push(svgText(x, height - bottom + 32, String(date.getUTCFullYear()), "middle"));
  });
  parts.push("</svg>");
  return chartFigure(parts.join(""), {
    caption: labels.title,
    head: [labels.monthHeader, labels.parks, labels.rides],
    rows: months.map((month) => [
      long.format(dateOf(month.month)),
      numbers.count(month.parkRatings),
      numbers.count(month.rideRatings),
    ]),
  });
}

export type TypeLabels = { title: string; typeHeader: string; countHeader: string; empty: string };

/** The member's rated rides by type, in the order given (the profile's grid), as horizontal bars. */
export function ridesByTypeChart(types: ReadonlyArray<{ name: string; count: number }>, labels: TypeLabels, language: Language): string {
  if (types.every((type) => type.count === 0)) return emptyChart(labels.empty);
  const numbers = chartNumbers(language);
  const svg = horizontalBars({
    name: labels.title,
    rows: types.map((type) => ({ label: type.name, value: type.count, valueText: numbers.count(type.count) })),
  });
  return chartFigure(svg, {
    caption: labels.title,
    head: [labels.typeHeader, labels.countHeader],
    rows: types.map((type) => [type.name, numbers.count(type.count)]),
  });
}

