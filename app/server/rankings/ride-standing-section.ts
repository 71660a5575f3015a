import { winProbability } from "~/domain/bradley-terry";
import { formatDecimal, formatNumber, formatPercent } from "~/domain/format";
import { localizedPath, type Language } from "~/domain/languages";
import { isRankPrecise, priorShare } from "~/domain/rank-ranges";
import { movementSince, ordinal } from "~/domain/rank-wording";
import type { RideStanding, StandingHistoryPoint, StandingNeighbour } from "~/domain/ride-standing";
import type { RideTypeName } from "~/domain/ride-types";
import type { TFunction } from "~/i18n/translate";
import { escapeXml } from "../svg/svg-markup";
import { rankHistoryChart } from "../charts/rank-history-chart";
import { ALL_TYPES_SCOPE } from "./ride-standings";

/** What the section says of the ride besides its standings: its own figures, behind the "why". */
export type StandingRide = {
  type: RideTypeName;
  ratingCount: number;
  averageRating: number | null;
  duelWins: number;
  duelLosses: number;
};

type Words = { t: TFunction; language: Language };

/**
 * The ranking's score as its tab shows it: the weighted note with two decimals; for the duels, the strength as the
 * chance to beat an ordinary ride of the type (decision 0077).
 */
function scoreText({ ranking }: RideStanding, score: number, { language }: Words): string {
  return ranking === "ratings" ? formatDecimal(score, language, 2) : formatPercent(winProbability(score, 0), language);
}

function scopeText(standing: RideStanding, ride: StandingRide, { t }: Words): string {
  return standing.scopeTypeId === ALL_TYPES_SCOPE ? t("rideStanding.scope.all") : t("rideStanding.scope.type", { type: t(`duels.typePlural.${ride.type}`) });
}

function basisText(standing: RideStanding, ride: StandingRide, { t }: Words): string {
  return standing.ranking === "ratings"
    ? t("rideStanding.basis.ratings", { count: ride.ratingCount })
    : t("rideStanding.basis.duels", { count: ride.duelWins + ride.duelLosses });
}

/** "3e des montagnes russes — entre la 2e et la 6e place, selon 41 avis", or "pas encore assez d'avis", and the movement. */
function standingLine(standing: RideStanding, ride: StandingRide, words: Words): string {
  const { t, language } = words;
  const scope = scopeText(standing, ride, words);
  const basis = basisText(standing, ride, words);
  const movement = movementSince(standing.rank, standing.previousRank, standing.snapshotTaken);
  const moved = movement
    ? ` <span data-moved="${movement.kind}">${escapeXml(
        movement.kind === "new"
          ? t("rankings.movement.newFull")
          : movement.kind === "same"
            ? t("rankings.movement.sameFull")
            : t(`rankings.movement.${movement.kind}Full`, { count: movement.places }),
      )}</span>`
    : "";
  const attributes = `data-standing="${standing.ranking}-${standing.scopeTypeId === ALL_TYPES_SCOPE ? "all" : "type"}"`;
  if (!isRankPrecise(standing)) {
    const sentence = t(`rideStanding.notEnough.${standing.ranking}`, { scope, basis });
    return `<li ${attributes}>${escapeXml(sentence)}${moved}</li>`;
  }
  const rank = `<strong>${escapeXml(ordinal(standing.rank, language))}</strong>`;
  const places = { low: ordinal(standing.rankLow, language, "place"), high: ordinal(standing.rankHigh, language, "place") };
  const rest =
    standing.rankLow < standing.rankHigh
      ? t("rideStanding.precise", { scope, basis, ...places })
      : t("rideStanding.exact", { scope, basis });
  return `<li ${attributes}>${rank} ${escapeXml(rest)}${moved}</li>`;
}

function neighbourLink(neighbour: StandingNeighbour, standing: RideStanding, words: Words): string {
  const href = localizedPath(words.language, `/${neighbour.parkSlug}/${neighbour.slug}`);
  return `<a href="${escapeXml(href)}" class="font-medium text-teal-800 underline-offset-2 hover:underline">${escapeXml(neighbour.name)}</a> (${escapeXml(scoreText(standing, neighbour.score, words))})`;
}

/** "Pourquoi ce rang ?": the ride's own figures, the prior and its weight, the members behind it, its neighbours. */
function whyOf(standing: RideStanding, ride: StandingRide, words: Words): string {
  const { t, language } = words;
  const facts: string[] = [];
  const interval = { low: scoreText(standing, standing.scoreLow, words), high: scoreText(standing, standing.scoreHigh, words) };
  if (standing.ranking === "ratings") {
    facts.push(
      escapeXml(t("rideStanding.why.average", { count: ride.ratingCount, average: formatDecimal(ride.averageRating ?? 0, language, 2) })),
      escapeXml(t("rideStanding.why.prior", { share: formatPercent(priorShare(ride.ratingCount), language) })),
      escapeXml(t("rideStanding.why.weighted", { score: scoreText(standing, standing.score, words), ...interval })),
    );
  } else {
    const duels = ride.duelWins + ride.duelLosses;
    facts.push(
      escapeXml(
        t("rideStanding.why.record", {
          wins: formatNumber(ride.duelWins, language),
          losses: formatNumber(ride.duelLosses, language),
          count: duels,
          members: formatNumber(standing.duelMembers ?? 0, language),
        }),
      ),
      escapeXml(t("rideStanding.why.cautious", { score: scoreText(standing, standing.score, words), ...interval })),
    );
  }
  if (standing.above) facts.push(`${escapeXml(t("rideStanding.why.above"))} ${neighbourLink(standing.above, standing, words)}`);
  if (standing.below) facts.push(`${escapeXml(t("rideStanding.why.below"))} ${neighbourLink(standing.below, standing, words)}`);
  const heading = t(standing.ranking === "ratings" ? "rankings.tabs.attractions" : "rankings.tabs.duels");
  return `<h3 class="mt-3 font-semibold">${escapeXml(heading)} (${escapeXml(scopeText(standing, ride, words))})</h3><ul class="mt-1 list-disc space-y-1 pl-5">${facts.map((fact) => `<li>${fact}</li>`).join("")}</ul>`;
}

/**
 * The ride page's "Son classement" (docs/rules/duels-and-rankings.md#how-sure-a-rank-is, #why-this-rank, #history):
 * drawn by the server from the job's standings, like the charts (decision 0035), so that the page's script carries
 * none of it. Null when the ride is in no ranking.
 */
export function rideStandingSection(
  standings: readonly RideStanding[],
  history: readonly StandingHistoryPoint[],
  ride: StandingRide,
  t: TFunction,
  language: Language,
): string | null {
  if (standings.length === 0) return null;
  const words = { t, language };
  const lines = standings.map((standing) => standingLine(standing, ride, words)).join("");
  // The why is told in the ride's own type, where its neighbours are its peers.
  const explained = standings.filter((standing) => standing.scopeTypeId !== ALL_TYPES_SCOPE);
  const why = explained.map((standing) => whyOf(standing, ride, words)).join("");
  const chart = rankHistoryChart(history, explained, t, language);
  return (
    `<section aria-labelledby="ride-standing" class="mt-8"><h2 id="ride-standing" class="text-xl font-bold">${escapeXml(t("rideStanding.title"))}</h2>` +
    `<ul class="mt-3 space-y-2" data-ride-standings>${lines}</ul>` +
    (why
      ? `<details class="mt-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"><summary class="cursor-pointer font-medium text-teal-800">${escapeXml(t("rideStanding.why.title"))}</summary>` +
        `${why}<p class="mt-3 text-sm text-stone-600">${escapeXml(t("rideStanding.why.range"))}</p></details>`
      : "") +
    (chart ? `<div class="mt-4 max-w-xl">${chart}</div>` : "") +
    `</section>`
  );
}
