import type { RideTypeName } from "./ride-types";

/**
 * What the duels page and the profile show (docs/rules/duels-and-rankings.md#duels-page, docs/rules/duels-and-rankings.md#personal-ranking).
 * Declared here, not in app/server: components read these shapes.
 */

/** A member may duel a ride they rated this much or more (docs/rules/duels-and-rankings.md#eligibility). */
export const DUEL_MIN_RATING = 4;
/** And needs at least this many such rides of a type to start (docs/rules/duels-and-rankings.md#eligibility). */
export const DUEL_MIN_RIDES = 2;

/** One of the two cards of a duel. */
export type DuelRide = {
  id: string;
  name: string;
  parkName: string;
  parkSlug: string;
  slug: string;
  imageUrl: string | null;
  /** The member's own rating of the ride (4 or 5). */
  rating: number;
  /** Its key figures, shown on its card so that choosing is not choosing between two names. */
  height: number | null;
  maxSpeed: number | null;
  inversions: number | null;
  duration: number | null;
};

/** A row of a member's personal ranking of a type: V and D are their own duels of the ride. */
export type PersonalRankingRow = {
  rideId: string;
  name: string;
  parkName: string;
  parkSlug: string;
  slug: string;
  rank: number;
  wins: number;
  losses: number;
};

/** The type chooser: each type with the member's number of eligible rides. */
export type DuelTypeChoice = { type: RideTypeName; eligible: number };

/** The duel screen of one type. */
export type DuelScreen =
  | { state: "too-few"; type: RideTypeName; eligible: number }
  | {
      state: "pair";
      type: RideTypeName;
      eligible: number;
      /** Rides placed in the order so far. */
      placed: number;
      pair: [DuelRide, DuelRide];
      ranking: PersonalRankingRow[];
    }
  | { state: "complete"; type: RideTypeName; eligible: number; ranking: PersonalRankingRow[] };

/** The duel screen's writes: a duel (the cards' forms) and a reset of the type's duels (its dialog). */
export const DUEL_INTENTS = ["duel", "reset"] as const;
export type DuelIntent = (typeof DUEL_INTENTS)[number];

/** The duels page's action answers (intent "duel" and "reset"). */
export type DuelAnswer =
  | { ok: true; screen: DuelScreen; /** The duel just recorded (absent after a reset or an ignored duplicate). */ result?: { winnerId: string; loserId: string } }
  | { ok: false; error: DuelErrorKey; screen?: DuelScreen };

/** Refusals of a duel or reset write, as message keys (duels.errors.*). */
export type DuelErrorKey =
  | "duels.errors.save"
  | "duels.errors.reset"
  | "duels.errors.notEligible"
  | "duels.errors.suspended"
  | "duels.errors.tooMany"
  | "duels.errors.tooManyResets"
  | "duels.errors.badRequest";

/** A member's personal rankings on their profile: per type, in the type order. */
export type ProfileDuelRankings = Array<{ type: RideTypeName; rows: PersonalRankingRow[] }>;

/** The home page's Top Duels carousel: per type with duel results, its leaders. */
export type TopDuelsBlock = {
  type: RideTypeName;
  leaders: Array<{ name: string; parkName: string; parkSlug: string; slug: string; wins: number; losses: number }>;
};
