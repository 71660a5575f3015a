import type { AttractionTypeName } from "./attraction-types";
import type { BadgeFamilyId } from "./badges";

/** The types counted in the profile's "attractions by type" grid, in the spec's order (public site §2). */
export const PROFILE_TYPE_GRID = [
  "roller_coaster",
  "water_ride",
  "dark_ride",
  "kids_ride",
  "virtual_reality",
  "interactive_ride",
  "transport",
  "walk_through",
] as const satisfies readonly AttractionTypeName[];

export type ProfileTypeName = (typeof PROFILE_TYPE_GRID)[number];

/** What a profile page shows of a member's history, all read in one aggregate query. */
export type ProfileStatistics = {
  /** Over the attractions the member rated (public site §2, "Statistiques cumulées"). */
  distanceMetres: number;
  inversions: number;
  rideSeconds: number;
  heightMetres: number;
  attractionsByType: Record<ProfileTypeName, number>;
  testedAttractions: number;
  visitedParks: number;
  /** Mean of the member's attraction ratings and park scores, or null before the first rating. */
  averageRating: number | null;
  /** Park and attraction ratings given; each one is a review on its page. */
  reviewsGiven: number;
  badgeValues: Record<BadgeFamilyId, number>;
};
