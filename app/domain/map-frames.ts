import { EUROPE_BOX, type GeoBox, type MapFrame } from "./map-view";

/**
 * The base maps the map page can show (decision 0039): a finite set, so that `/maps/base/<key>.svg` draws only
 * what the page links to and each picture has exactly one address. The world and Europe are named frames; a
 * country's parks and a zoomed area are shown on a tile of a fixed grid: eight zoom levels, each half the size of
 * the one above, tiles twice as wide as tall in degrees (about the picture's 3:2 at Europe's latitudes), placed
 * every quarter of a tile so that any box at most three quarters of a tile fits in one.
 */
export type BaseFrame = { kind: "world" } | { kind: "europe" } | { kind: "tile"; level: number; x: number; y: number };

/** Level 0 is 102.4° × 51.2°, level 7 0.8° × 0.4°: every edge falls on a tenth of a degree. */
export const FINEST_LEVEL = 7;
const TOP_WIDTH_TENTHS = 1024;
const [WEST, EAST, SOUTH, NORTH] = [-1800, 1800, -850, 850];

type TileGrid = { width: number; height: number; stepX: number; stepY: number };

/** A level's tile size and spacing, in tenths of a degree (integers, so the grid has no rounding). */
function grid(level: number): TileGrid {
  const width = TOP_WIDTH_TENTHS / 2 ** level;
  return { width, height: width / 2, stepX: width / 4, stepY: width / 8 };
}

/** The tiles of a level: inside longitudes ±180 and latitudes ±85 (the page's own box limits). */
export function tileRange(level: number): { xMin: number; xMax: number; yMin: number; yMax: number } {
  const { width, height, stepX, stepY } = grid(level);
  return {
    xMin: Math.ceil(WEST / stepX),
    xMax: Math.floor((EAST - width) / stepX),
    yMin: Math.ceil(SOUTH / stepY),
    yMax: Math.floor((NORTH - height) / stepY),
  };
}

// `+ 0` turns Math.round's -0 into 0: a frame has one value as it has one address.
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max) + 0;
/** Rounding noise of a box read in degrees (0.1 * 3 is 0.30000000000000004): far below any visible difference. */
const EPSILON = 1e-6;

/**
 * The frame that shows a box: the smallest tile holding it, the one whose centre is nearest the box's; the world
 * when no tile is large enough. The map page calls it for a zoomed area and a country's parks, so every frame it
 * links is one that `readFrameKey` accepts.
 */
export function snapFrame(box: GeoBox): BaseFrame {
  const [west, east, south, north] = [box.west * 10, box.east * 10, box.south * 10, box.north * 10];
  for (let level = FINEST_LEVEL; level >= 0; level--) {
    const { width, height, stepX, stepY } = grid(level);
    const range = tileRange(level);
    const x = clamp(Math.round((west + east - width) / 2 / stepX), range.xMin, range.xMax);
    const y = clamp(Math.round((south + north - height) / 2 / stepY), range.yMin, range.yMax);
    const fits = x * stepX <= west + EPSILON && east <= x * stepX + width + EPSILON && y * stepY <= south + EPSILON && north <= y * stepY + height + EPSILON;
    if (fits) return { kind: "tile", level, x, y };
  }
  return { kind: "world" };
}

/** What a frame shows, for its projection and drawing. */
export function frameGeometry(frame: BaseFrame): MapFrame {
  if (frame.kind === "world") return frame;
  if (frame.kind === "europe") return { kind: "box", box: EUROPE_BOX };
  const { width, height, stepX, stepY } = grid(frame.level);
  const [west, south] = [frame.x * stepX, frame.y * stepY];
  return { kind: "box", box: { west: west / 10, south: south / 10, east: (west + width) / 10, north: (south + height) / 10 } };
}

/** At the finest level parks are drawn one by one: zooming in further is not offered, so a zoom always ends. */
export function atFinestLevel(frame: BaseFrame): boolean {
  return frame.kind === "tile" && frame.level === FINEST_LEVEL;
}

/** The base map's name in its address (`/maps/base/<key>.svg`): "world", "europe" or "level_x_y". */
export function frameKey(frame: BaseFrame): string {
  return frame.kind === "tile" ? `${frame.level}_${frame.x}_${frame.y}` : frame.kind;
}

/** An integer as `frameKey` writes it: no sign on zero, no leading zero, no "+", no exponent, no fraction. */
const INTEGER = /^(?:0|-?[1-9]\d{0,4})$/;

/** The frame of an address, only in the one spelling `frameKey` writes; anything else is null (a 404). */
export function readFrameKey(key: string): BaseFrame | null {
  if (key === "world" || key === "europe") return { kind: key };
  const parts = key.split("_");
  if (parts.length !== 3 || !parts.every((part) => INTEGER.test(part))) return null;
  const [level, x, y] = parts.map(Number) as [number, number, number];
  if (level > FINEST_LEVEL || level < 0) return null;
  const range = tileRange(level);
  if (x < range.xMin || x > range.xMax || y < range.yMin || y > range.yMax) return null;
  return { kind: "tile", level, x, y };
}
