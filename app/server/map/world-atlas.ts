import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/**
 * The world from Natural Earth (public domain), as packaged by `world-atlas`: shipped in node_modules, read once
 * per process on first use, never fetched (decision 0033). 1:110m for the whole world, 1:50m for Europe and closer.
 */
export type AtlasScale = "110m" | "50m";

export type Atlas = {
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** The borders between two countries, not the coasts (those are the land's edge). */
  borders: MultiLineString;
};

const atlases = new Map<AtlasScale, Atlas>();
const resolve = createRequire(import.meta.url).resolve;

export function loadAtlas(scale: AtlasScale): Atlas {
  const known = atlases.get(scale);
  if (known) return known;
  const topology = JSON.parse(readFileSync(resolve(`world-atlas/countries-${scale}.json`), "utf8")) as Topology<{
    land: GeometryCollection;
    countries: GeometryCollection;
  }>;
  const land = feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon>;
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const atlas = { land, borders };
  atlases.set(scale, atlas);
  return atlas;
}
