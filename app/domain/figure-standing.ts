import type { Fact, FactCard } from "./ride-facts";
import type { RideTypeName } from "./ride-types";
import { formatNumber, formatPercent } from "./format";
import type { Language } from "./languages";
import type { TFunction } from "~/i18n/translate";

/** The figures a ride is compared on, in the order its page lists them. */
export const COMPARED_FIGURES = ["height", "maxSpeed", "trackLength", "inversions", "duration"] as const;
export type ComparedFigure = (typeof COMPARED_FIGURES)[number];

/**
 * Where one of a ride's figures stands among the published, operating rides of its type on the site and of its park
 * (all types), the ride itself left out of both counts: how many have the figure at all, how many are below it (site)
 * and how many above it (park). Rides without the figure are in neither count.
 */
export type FigureStanding = {
  figure: ComparedFigure;
  siteBelow: number;
  siteTotal: number;
  parkAbove: number;
  parkTotal: number;
};

/** Fewer other rides of the type than this and a percentage says more about the catalogue than about the ride. */
const MIN_SITE_COMPARED = 3;

/**
 * Below-it share as a whole percentage, rounded down: "taller than 92 %" must be true, and 100 % only when every
 * other ride is below. Ties are not below (strictly less), so two equal rides never outrank each other.
 */
export function sharePercentBelow(below: number, total: number): number {
  return total === 0 ? 0 : Math.floor((below * 100) / total);
}

/**
 * The ride page's comparison card, translated: per figure, a share of the site's rides of the type it beats (only
 * when there are enough of them and it beats at least one) and its rank in its park (only when another ride of the
 * park has the figure). A figure with neither says nothing and is left out; a ride with none has no card.
 */
export function standingCard(standings: FigureStanding[], type: RideTypeName, t: TFunction, language: Language): FactCard | null {
  const facts: Fact[] = [];
  for (const standing of standings) {
    const sentences: string[] = [];
    const percent = sharePercentBelow(standing.siteBelow, standing.siteTotal);
    if (standing.siteTotal >= MIN_SITE_COMPARED && percent > 0) {
      sentences.push(
        t(`identity.standing.site.${standing.figure}`, { percent: formatPercent(percent / 100, language), rides: t(`duels.typePlural.${type}`) }),
      );
    }
    if (standing.parkTotal > 0) {
      sentences.push(
        t("identity.standing.park", {
          rank: formatNumber(standing.parkAbove + 1, language),
          total: formatNumber(standing.parkTotal + 1, language),
        }),
      );
    }
    if (sentences.length > 0) facts.push({ label: standing.figure, value: { text: sentences.join(" · ") } });
  }
  return facts.length > 0 ? { id: "standing", facts } : null;
}
