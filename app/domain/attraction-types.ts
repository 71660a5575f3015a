/** The ten attraction types, in the product's order (docs/rules/catalogue.md#ride-types); ids match migration 0001. */
export const ATTRACTION_TYPES = [
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

export type AttractionTypeName = (typeof ATTRACTION_TYPES)[number];

/** An attraction still running, or gone (listed under 'Attractions disparues'); the database enum takes this list. */
export const ATTRACTION_STATUSES = ["operating", "removed"] as const;
export type AttractionStatus = (typeof ATTRACTION_STATUSES)[number];

export function attractionTypeId(name: AttractionTypeName): number {
  return ATTRACTION_TYPES.indexOf(name) + 1;
}

/** The type stored under a type id (attractionTypeId's inverse). */
export function attractionTypeName(id: number): AttractionTypeName {
  return ATTRACTION_TYPES[id - 1]!;
}
