import { formatNumber } from "./format";
import type { Language } from "./languages";
import { isRankPrecise, rangeAt, type RankRange } from "./rank-ranges";

/**
 * How a rank and its certainty read (docs/rules/duels-and-rankings.md#how-sure-a-rank-is): ordinals in each language,
 * and what the rankings page and the ride page show of a standing.
 */

/** What an ordinal qualifies: in French a rank is masculine ("1er"), a place feminine ("la 1re place"). */
type OrdinalOf = "rank" | "place";

const ENGLISH_SUFFIXES: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
const englishOrdinals = new Intl.PluralRules("en", { type: "ordinal" });

/** "1er", "1re", "3e" / "1st", "3rd": the number as the language writes it, with its ordinal suffix. */
export function ordinal(value: number, language: Language, of: OrdinalOf = "rank"): string {
  const number = formatNumber(value, language);
  if (language === "fr") return value === 1 ? `${number}${of === "rank" ? "er" : "re"}` : `${number}e`;
  return `${number}${ENGLISH_SUFFIXES[englishOrdinals.select(value)] ?? "th"}`;
}

/** A rank as a page shows it: precise (with its range) or not yet known. */
export type ShownRank = { precise: true; rank: number; rankLow: number; rankHigh: number } | { precise: false; rank: number };

/** A row's rank in the live order and the standing the job last computed for it (none for a ride ranked since). */
export function shownRank(position: number, standing: RankRange | null): ShownRank {
  if (!standing) return { precise: true, rank: position, rankLow: position, rankHigh: position };
  const range = rangeAt(standing, position);
  return isRankPrecise(range) ? { precise: true, ...range } : { precise: false, rank: position };
}

/** How a ride moved since the last month's snapshot: up or down so many places, new to the ranking, or unmoved. */
export type Movement = { kind: "up" | "down"; places: number } | { kind: "new" } | { kind: "same" };

/**
 * The movement of a row at `position` whose rank at the last snapshot was `previous` (null: not ranked then). None
 * when no month has been kept yet.
 */
export function movementSince(position: number, previous: number | null, snapshotTaken: boolean): Movement | null {
  if (!snapshotTaken) return null;
  if (previous === null) return { kind: "new" };
  if (previous === position) return { kind: "same" };
  return previous > position ? { kind: "up", places: previous - position } : { kind: "down", places: position - previous };
}

/**
 * What a ranking row carries of its certainty (the page's data is kept small): `range`, the places it plausibly holds
 * (null: not precise enough for a rank, "pas encore assez d'avis"); `moved`, places gained (negative: lost) since the
 * last snapshot, "new" when it was not ranked then, null when no month has been kept.
 */
export type RowCertainty = { range: [number, number] | null; moved: number | "new" | null };

/** A row's certainty from its position in the live order, its standing and its rank at the last snapshot. */
export function rowCertainty(
  position: number,
  standing: { standingRank: number | null; standingLow: number | null; standingHigh: number | null; previousRank: number | null; snapshotTaken: boolean },
): RowCertainty {
  const { standingRank, standingLow, standingHigh } = standing;
  const shown = shownRank(
    position,
    standingRank === null || standingLow === null || standingHigh === null ? null : { rank: standingRank, rankLow: standingLow, rankHigh: standingHigh },
  );
  const movement = movementSince(position, standing.previousRank, standing.snapshotTaken);
  return {
    range: shown.precise ? [shown.rankLow, shown.rankHigh] : null,
    moved: movement === null ? null : movement.kind === "new" ? "new" : movement.kind === "same" ? 0 : movement.kind === "up" ? movement.places : -movement.places,
  };
}
