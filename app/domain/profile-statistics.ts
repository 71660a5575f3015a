import type { RideTypeName } from "./ride-types";
import type { BadgeFamilyId } from "./badges";

/** The types counted in the profile's "attractions by type" grid, in the product's order (docs/rules/profiles.md#rides-by-type). */
export const PROFILE_TYPE_GRID = [
  "roller_coaster",
  "water_ride",
  "dark_ride",
  "kids_ride",
  "virtual_reality",
  "interactive_ride",
  "transport",
  "walk_through",
] as const satisfies readonly RideTypeName[];

/** What a profile page shows of a member's history, all read in one aggregate query. */
export type ProfileStatistics = {
  /** Over the attractions the member rated (docs/rules/profiles.md#cumulative-statistics). */
  distanceMetres: number;
  inversions: number;
  rideSeconds: number;
  heightMetres: number;
  /** Every type (the grid shows PROFILE_TYPE_GRID's eight, the chart of decision 0035 all ten). */
  ridesByType: Record<RideTypeName, number>;
  testedRides: number;
  visitedParks: number;
  /** Mean of the member's attraction ratings and park scores, or null before the first rating. */
  averageRating: number | null;
  /** Park and attraction ratings given; each one is a review on its page. */
  reviewsGiven: number;
  badgeValues: Record<BadgeFamilyId, number>;
};
