import type { RideTypeName } from "./ride-types";

/** A ride as its park's skyline draws it: published, operating, with a known height (metres). */
export type SkylineRide = { name: string; type: RideTypeName; height: number };

/** The drawing's frame, in user units; the park page shows it at this aspect ratio. */
export const SKYLINE_WIDTH = 800;
export const SKYLINE_HEIGHT = 160;
/** Room above the tallest ride, and the least a ride is drawn at so a 2 m carousel still shows. */
const TOP_MARGIN = 8;
const MIN_DRAWN = 6;
/** The widest a ride is drawn, so a park of three rides is not three slabs. */
const MAX_WIDTH = 64;

/** How a type stands out: coasters as a lift hill, indoor rides and shows as a dome, the others as a tower. */
type SkylineShapeKind = "peak" | "dome" | "tower";

const SHAPES: Record<RideTypeName, SkylineShapeKind> = {
  roller_coaster: "peak",
  dark_ride: "dome",
  show: "dome",
  walk_through: "dome",
  virtual_reality: "dome",
  interactive_ride: "dome",
  water_ride: "tower",
  flat_ride: "tower",
  kids_ride: "tower",
  transport: "tower",
};

export type SkylineShape = { type: RideTypeName; kind: SkylineShapeKind; x: number; width: number; top: number };

/**
 * Each ride's place in the drawing, in the order given: equal slots across the width, each ride centred in its own,
 * drawn from the ground (the bottom edge) up to its height on a scale where the tallest reaches the top margin.
 */
export function skylineShapes(rides: SkylineRide[]): SkylineShape[] {
  if (rides.length === 0) return [];
  const tallest = Math.max(...rides.map((ride) => ride.height));
  const slot = SKYLINE_WIDTH / rides.length;
  const width = Math.min(MAX_WIDTH, slot * 0.8);
  const room = SKYLINE_HEIGHT - TOP_MARGIN;
  return rides.map((ride, index) => {
    const drawn = tallest > 0 ? Math.max(MIN_DRAWN, (ride.height / tallest) * room) : MIN_DRAWN;
    return { type: ride.type, kind: SHAPES[ride.type], x: index * slot + (slot - width) / 2, width, top: SKYLINE_HEIGHT - drawn };
  });
}

/** The tallest ride (the first of equals, in the order given), which the picture's text alternative names. */
export function tallestRide(rides: SkylineRide[]): SkylineRide | null {
  return rides.reduce<SkylineRide | null>((best, ride) => (best === null || ride.height > best.height ? ride : best), null);
}
