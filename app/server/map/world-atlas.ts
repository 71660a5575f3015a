import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { GeoPermissibleObjects } from "d3-geo";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/**
 * The world from Natural Earth (public domain), as packaged by `world-atlas`: shipped in node_modules, read once
 * per process on first use, never fetched (decision 0033). 1:110m for the whole world, 1:50m for Europe and closer.
 */
export type AtlasScale = "110m" | "50m";

export type Atlas = {
  land: GeoPermissibleObjects;
  /** The borders between two countries, not the coasts (those are the land's edge). */
  borders: GeoPermissibleObjects;
};

const atlases = new Map<AtlasScale, Atlas>();
const require = createRequire(import.meta.url);
// Files read at run time, not bundled: the server build stays small, and only the scales used are ever parsed.
const FILES: Record<AtlasScale, string> = {
  "110m": require.resolve("world-atlas/countries-110m.json"),
  "50m": require.resolve("world-atlas/countries-50m.json"),
};

export function loadAtlas(scale: AtlasScale): Atlas {
  const known = atlases.get(scale);
  if (known) return known;
  const topology = JSON.parse(readFileSync(FILES[scale], "utf8")) as Topology<{
    land: GeometryCollection;
    countries: GeometryCollection;
  }>;
  const land = feature(topology, topology.objects.land);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const atlas = { land, borders };
  atlases.set(scale, atlas);
  return atlas;
}
