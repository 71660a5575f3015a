import type { RideTypeName } from "./ride-types";

/**
 * The plan of a park (docs/rules/catalogue.md#park-plan): its published, operating rides drawn where they stand,
 * numbered in the order given (their names' order), north up, with a scale bar and a legend of the numbers. The
 * geometry only; app/server/identity/park-plan.ts writes it as SVG.
 */
export type PlacedRide = { name: string; type: RideTypeName; latitude: number; longitude: number };

/** Fewer placed rides than this draw no plan: one dot is no plan. */
const PARK_PLAN_MIN_RIDES = 2;

/**
 * The drawing's width in user units, and the most the page shows it at. On a 360 px phone (docs/rules/quality.md#page-widths)
 * the page gives it 328 px: its 16-unit legend reads at 13 px, its marks' 13-unit numbers at 10.7 px, bold on colour.
 */
export const PARK_PLAN_WIDTH = 400;
const MARGIN = 16;
const MAP_WIDTH = PARK_PLAN_WIDTH - 2 * MARGIN;
/** The map is at most square, at least this tall (a park laid along one street still gets room for its marks). */
const MAP_MIN_HEIGHT = 160;
/** A mark's radius, and the room kept between the map's edge and a mark's centre. */
export const MARK_RADIUS = 12;
const MAP_PADDING = MARK_RADIUS + 8;
/** The least extent drawn, in metres: two rides side by side are not drawn at the map's two ends. */
const MIN_EXTENT_M = 150;
/** The strip under the map: the scale bar at its left, the north arrow at its right. */
const STRIP_HEIGHT = 34;
/** One legend line. */
const LEGEND_LINE = 26;
/** The longest name the legend writes whole (its width at 16 units); a longer one is cut with an ellipsis. */
const LEGEND_NAME_MAX = 38;
/** Scale bar lengths, in metres, that read without a decimal in either language. */
const SCALE_LENGTHS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
const SCALE_MAX_WIDTH = 120;

/** Metres per degree of latitude on the mean sphere (IUGG radius 6,371.0088 km). */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

type PlanMark = { number: number; type: RideTypeName; x: number; y: number };
type PlanLegendLine = { number: number; type: RideTypeName; name: string; y: number };
export type PlanLayout = {
  width: number;
  height: number;
  /** The map's frame. */
  map: { x: number; y: number; width: number; height: number };
  marks: PlanMark[];
  /** The scale bar: where it starts, its length in units, and the metres it stands for. */
  scale: { x: number; y: number; width: number; metres: number };
  /** Where the north arrow's tip is. */
  north: { x: number; y: number };
  legend: PlanLegendLine[];
};

/**
 * The plan's layout, or null when fewer than PARK_PLAN_MIN_RIDES rides are placed. An equirectangular projection
 * around the rides' middle (east–west distances shrunk by the cosine of its latitude), the same scale both ways: at a
 * park's scale it is true to a fraction of a percent. Marks closer than their size are moved apart a little so that
 * each number can be read.
 */
export function parkPlanLayout(rides: readonly PlacedRide[]): PlanLayout | null {
  if (rides.length < PARK_PLAN_MIN_RIDES) return null;
  const latitudes = rides.map((ride) => ride.latitude);
  const longitudes = rides.map((ride) => ride.longitude);
  const middle = { latitude: (Math.min(...latitudes) + Math.max(...latitudes)) / 2, longitude: (Math.min(...longitudes) + Math.max(...longitudes)) / 2 };
  const eastward = METRES_PER_DEGREE * Math.cos((middle.latitude * Math.PI) / 180);
  // Metres east and north of the middle.
  const points = rides.map((ride) => ({ east: (ride.longitude - middle.longitude) * eastward, north: (ride.latitude - middle.latitude) * METRES_PER_DEGREE }));
  const extentEast = Math.max(MIN_EXTENT_M, 2 * Math.max(...points.map((point) => Math.abs(point.east))));
  const extentNorth = Math.max(MIN_EXTENT_M, 2 * Math.max(...points.map((point) => Math.abs(point.north))));
  const drawable = MAP_WIDTH - 2 * MAP_PADDING;
  const unitsPerMetre = Math.min(drawable / extentEast, drawable / extentNorth);
  const mapHeight = Math.max(MAP_MIN_HEIGHT, extentNorth * unitsPerMetre + 2 * MAP_PADDING);
  const map = { x: MARGIN, y: MARGIN, width: MAP_WIDTH, height: mapHeight };
  const centre = { x: map.x + map.width / 2, y: map.y + map.height / 2 };
  const placed = points.map((point) => ({ x: centre.x + point.east * unitsPerMetre, y: centre.y - point.north * unitsPerMetre }));
  const bounds = { left: map.x + MAP_PADDING, right: map.x + map.width - MAP_PADDING, top: map.y + MAP_PADDING, bottom: map.y + map.height - MAP_PADDING };
  const spread = spreadApart(placed, 2 * MARK_RADIUS + 2, bounds);
  const marks = rides.map((ride, index) => ({ number: index + 1, type: ride.type, x: spread[index]!.x, y: spread[index]!.y }));

  const stripTop = map.y + map.height;
  const metres = scaleLength(unitsPerMetre);
  const scale = { x: MARGIN, y: stripTop + 20, width: metres * unitsPerMetre, metres };
  const north = { x: PARK_PLAN_WIDTH - MARGIN - 10, y: stripTop + 6 };
  const legendTop = stripTop + STRIP_HEIGHT + MARGIN / 2;
  const legend = rides.map((ride, index) => ({ number: index + 1, type: ride.type, name: shortName(ride.name), y: legendTop + index * LEGEND_LINE + LEGEND_LINE / 2 }));
  const height = legendTop + rides.length * LEGEND_LINE + MARGIN / 2;
  return { width: PARK_PLAN_WIDTH, height, map, marks, scale, north, legend };
}

/** The longest of the scale lengths that fits under SCALE_MAX_WIDTH units (the shortest if none does). */
function scaleLength(unitsPerMetre: number): number {
  const fitting = SCALE_LENGTHS.filter((metres) => metres * unitsPerMetre <= SCALE_MAX_WIDTH);
  return fitting.at(-1) ?? SCALE_LENGTHS[0]!;
}

function shortName(name: string): string {
  return name.length <= LEGEND_NAME_MAX ? name : `${name.slice(0, LEGEND_NAME_MAX - 1).trimEnd()}…`;
}

type Point = { x: number; y: number };
type Bounds = { left: number; right: number; top: number; bottom: number };

/**
 * Points pushed apart until none is closer than `gap` to another (or 40 rounds have passed), each kept within the
 * bounds. Deterministic: two points at the same place part along an angle given by their order.
 */
function spreadApart(points: readonly Point[], gap: number, bounds: Bounds): Point[] {
  const moved = points.map((point) => ({ ...point }));
  for (let round = 0; round < 40; round++) {
    let overlapping = false;
    for (let i = 0; i < moved.length; i++) {
      for (let j = i + 1; j < moved.length; j++) {
        const a = moved[i]!;
        const b = moved[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= gap) continue;
        overlapping = true;
        if (distance < 0.01) {
          const angle = (j * 2.399963) % (2 * Math.PI);
          [dx, dy, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (gap - distance) / 2 / distance;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
      }
    }
    for (const point of moved) {
      point.x = Math.min(bounds.right, Math.max(bounds.left, point.x));
      point.y = Math.min(bounds.bottom, Math.max(bounds.top, point.y));
    }
    if (!overlapping) break;
  }
  return moved;
}
