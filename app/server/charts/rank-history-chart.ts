import { intlLocale } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { ordinal } from "~/domain/rank-wording";
import type { RideStanding, StandingHistoryPoint, StandingRanking } from "~/domain/ride-standing";
import type { TFunction } from "~/i18n/translate";
import { svgNumber } from "../svg/svg-markup";
import { BAR, RULE, chartFigure, svgOpen, svgText } from "./chart-markup";
import { niceCeiling } from "./member-charts";

/** Amber-700 (5:1 against white), dashed: the duels' line differs from the ratings' by its dashes, not only its colour. */
const DUELS = "#b45309";
const LINES: Record<StandingRanking, { colour: string; dash: string }> = {
  ratings: { colour: BAR, dash: "" },
  duels: { colour: DUELS, dash: ` stroke-dasharray="6 4"` },
};

/**
 * A ride's rank at the end of each kept month and now, in its type's rankings (docs/rules/duels-and-rankings.md#history):
 * one line per ranking, the first place at the top; the table gives each month's rank and range. Null until a month
 * is kept for the ride.
 */
export function rankHistoryChart(
  history: readonly StandingHistoryPoint[],
  current: readonly RideStanding[],
  t: TFunction,
  language: Language,
): string | null {
  const scopeOf = new Map(current.map((standing) => [standing.ranking, standing.scopeTypeId]));
  const kept = history.filter((point) => scopeOf.get(point.ranking) === point.scopeTypeId);
  if (kept.length === 0) return null;
  const now = t("rideStanding.history.now");
  const months = [...new Set(kept.map((point) => point.month))].sort();
  const columns = [...months, now];
  const ranks = new Map<string, Map<StandingRanking, { rank: number; rankLow: number; rankHigh: number }>>();
  const at = (column: string) => ranks.get(column) ?? ranks.set(column, new Map()).get(column)!;
  for (const point of kept) at(point.month).set(point.ranking, point);
  for (const standing of current) at(now).set(standing.ranking, standing);
  const rankings = (["ratings", "duels"] as const).filter((ranking) => scopeOf.has(ranking));

  const locale = intlLocale(language);
  const short = new Intl.DateTimeFormat(locale, { month: "short", year: "2-digit", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
  const label = (column: string, format: Intl.DateTimeFormat) => (column === now ? now : format.format(new Date(`${column}T00:00:00Z`)));
  const title = t("rideStanding.history.title");
  const names: Record<StandingRanking, string> = { ratings: t("rankings.tabs.attractions"), duels: t("rankings.tabs.duels") };

  const width = 600;
  const height = 230;
  const left = 48;
  const right = 16;
  const top = 40;
  const bottom = 30;
  const worst = Math.max(...[...ranks.values()].flatMap((byRanking) => [...byRanking.values()].map((value) => value.rank)));
  const ceiling = Math.max(niceCeiling(worst), 2);
  const step = columns.length > 1 ? (width - left - right) / (columns.length - 1) : 0;
  const x = (index: number) => (columns.length > 1 ? left + index * step : (left + width - right) / 2);
  // Rank 1 at the top, the scale's worst at the bottom.
  const y = (rank: number) => top + ((rank - 1) / (ceiling - 1)) * (height - top - bottom);

  const parts = [svgOpen(width, height, title)];
  let legendX = left;
  for (const ranking of rankings) {
    const { colour, dash } = LINES[ranking];
    parts.push(`<line x1="${legendX}" x2="${legendX + 24}" y1="14" y2="14" stroke="${colour}" stroke-width="3"${dash}/>`);
    parts.push(svgText(legendX + 30, 18, names[ranking]));
    legendX += 30 + names[ranking].length * 7.5 + 24;
  }
  for (const tick of [1, Math.round(ceiling / 2), ceiling]) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${svgNumber(y(tick))}" y2="${svgNumber(y(tick))}" stroke="${RULE}"/>`);
    parts.push(svgText(left - 6, y(tick) + 4.5, ordinal(tick, language), "end"));
  }
  for (const ranking of rankings) {
    const { colour, dash } = LINES[ranking];
    const points = columns.flatMap((column, index) => {
      const value = ranks.get(column)?.get(ranking);
      return value ? [{ x: x(index), y: y(value.rank) }] : [];
    });
    if (points.length > 1) {
      const path = points.map((point) => `${svgNumber(point.x)},${svgNumber(point.y)}`).join(" ");
      parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="3"${dash}/>`);
    }
    for (const point of points) parts.push(`<circle cx="${svgNumber(point.x)}" cy="${svgNumber(point.y)}" r="4" fill="${colour}"/>`);
  }
  columns.forEach((column, index) => parts.push(svgText(x(index), height - 8, label(column, short), "middle")));
  parts.push("</svg>");

  const cell = (value: { rank: number; rankLow: number; rankHigh: number } | undefined) =>
    !value
      ? "—"
      : value.rankLow < value.rankHigh
        ? t("rideStanding.history.rankWithRange", {
            rank: ordinal(value.rank, language),
            low: ordinal(value.rankLow, language, "place"),
            high: ordinal(value.rankHigh, language, "place"),
          })
        : ordinal(value.rank, language);
  return chartFigure(parts.join(""), {
    caption: title,
    head: [t("rideStanding.history.month"), ...rankings.map((ranking) => names[ranking])],
    rows: columns.map((column) => [label(column, long), ...rankings.map((ranking) => cell(ranks.get(column)?.get(ranking)))]),
  });
}
