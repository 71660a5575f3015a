/** The ten attraction types, in the product's order (docs/rules/catalogue.md#ride-types); ids match migration 0001. */
export const RIDE_TYPES = [
  "roller_coaster",
  "dark_ride",
  "water_ride",
  "flat_ride",
  "show",
  "kids_ride",
  "virtual_reality",
  "interactive_ride",
  "transport",
  "walk_through",
] as const;

export type RideTypeName = (typeof RIDE_TYPES)[number];

/** An attraction still running, or gone (listed under 'Attractions disparues'); the database enum takes this list. */
export const RIDE_STATUSES = ["operating", "removed"] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

export function rideTypeId(name: RideTypeName): number {
  return RIDE_TYPES.indexOf(name) + 1;
}

/** The type stored under a type id (rideTypeId's inverse). */
export function rideTypeName(id: number): RideTypeName {
  return RIDE_TYPES[id - 1]!;
}
