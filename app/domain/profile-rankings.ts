import { RIDE_TYPES, type RideTypeName } from "./ride-types";
import type { PersonalRankingRow, ProfileDuelRankings } from "./duels";

/**
 * A profile shows the top of each personal ranking, not every ride ranked (42 coasters made a page
 * many screens long): the first rows of each type, and the whole list of one type when its address
 * asks for it (`?ranking=<type>`), so "see all" is a plain link that works without JavaScript.
 */
export const PROFILE_RANKING_PREVIEW = 5;

/** The query parameter naming the one type whose whole ranking a profile shows. */
export const SHOWN_RANKING_PARAM = "ranking";

/** A type's ranking as the profile shows it: its rows (all or the first few) and how many there are. */
export type ProfileRankingBlock = { type: RideTypeName; rows: PersonalRankingRow[]; total: number };

/** The type whose whole ranking the address asks for; null for none or an unknown value (the profile shows every top). */
export function readShownRanking(value: string | null): RideTypeName | null {
  return (RIDE_TYPES as readonly (string | null)[]).includes(value) ? (value as RideTypeName) : null;
}

/** Each type's first rows, the shown type's every row. */
export function previewRankings(rankings: ProfileDuelRankings, shown: RideTypeName | null): ProfileRankingBlock[] {
  return rankings.map(({ type, rows }) => ({
    type,
    rows: type === shown ? rows : rows.slice(0, PROFILE_RANKING_PREVIEW),
    total: rows.length,
  }));
}
