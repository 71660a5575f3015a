import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { GeoBox } from "~/domain/map-view";

/**
 * The world from Natural Earth (public domain), as packaged by `world-atlas`: shipped in node_modules, read once
 * per process on first use, never fetched (decision 0033). 1:110m for the whole world, 1:50m for Europe and closer.
 */
export type AtlasScale = "110m" | "50m";

export type Position = number[];
/** A polygon of the land or a line of the borders, with the box around it, so that a frame skips what is far. */
type Piece<C> = { box: GeoBox; coordinates: C };

type Atlas = { polygons: Piece<Position[][]>[]; lines: Piece<Position[]>[] };

/** What a frame draws: the land's polygons, and the borders between two countries (not the coasts: those are the land's edge). */
export type AtlasLayers = { land: Position[][][]; borders: Position[][] };

const atlases = new Map<AtlasScale, Atlas>();
const require = createRequire(import.meta.url);
// Files read at run time, not bundled: the server build stays small, and only the scales used are ever parsed.
const FILES: Record<AtlasScale, string> = {
  "110m": require.resolve("world-atlas/countries-110m.json"),
  "50m": require.resolve("world-atlas/countries-50m.json"),
};

function loadAtlas(scale: AtlasScale): Atlas {
  const known = atlases.get(scale);
  if (known) return known;
  const topology = JSON.parse(readFileSync(FILES[scale], "utf8")) as Topology<{
    land: GeometryCollection;
    countries: GeometryCollection;
  }>;
  const polygons: Piece<Position[][]>[] = [];
  for (const { geometry } of feature(topology, topology.objects.land).features) {
    if (geometry.type === "Polygon") polygons.push({ box: boxOf(geometry.coordinates.flat()), coordinates: geometry.coordinates });
    if (geometry.type === "MultiPolygon") {
      for (const polygon of geometry.coordinates) polygons.push({ box: boxOf(polygon.flat()), coordinates: polygon });
    }
  }
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const lines = borders.coordinates.map((line) => ({ box: boxOf(line), coordinates: line }));
  const atlas = { polygons, lines };
  atlases.set(scale, atlas);
  return atlas;
}

function boxOf(points: Position[]): GeoBox {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [longitude = 0, latitude = 0] of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return { west, south, east, north };
}

const intersects = (a: GeoBox, b: GeoBox) => a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;

/**
 * The layers of the whole world, or of what may show in a box's picture: the pieces whose box meets the frame's,
 * grown by its span on every side (the picture's shape and the projection's curve show more than the box). Projecting
 * and clipping only those makes a zoomed frame several times cheaper to draw than the whole 1:50m world.
 */
export function atlasLayers(scale: AtlasScale, box: GeoBox | null): AtlasLayers {
  const { polygons, lines } = loadAtlas(scale);
  const span = box ? Math.max(box.east - box.west, box.north - box.south) : 0;
  const around = box && { west: box.west - span, south: box.south - span, east: box.east + span, north: box.north + span };
  const near = <C>(pieces: Piece<C>[]) => (around ? pieces.filter((piece) => intersects(piece.box, around)) : pieces).map((piece) => piece.coordinates);
  return { land: near(polygons), borders: near(lines) };
}
