import { readParkListFilters } from "./park-list";

/**
 * The map page's addresses (docs/rules/catalogue.md#map, decision 0033): `?view=europe` (the default, our parks are European),
 * `?view=world`, `?country=` (the home list's own filter, read by the same rule) and `?bbox=west,south,east,north`,
 * where a cluster's link zooms. Bad values never fail the page: they fall back to the default view.
 */
export type GeoBox = { west: number; south: number; east: number; north: number };

export type MapView = { kind: "europe" } | { kind: "world" } | { kind: "country"; country: string } | { kind: "area"; box: GeoBox };

/** What a drawing shows: the whole world, or a box in degrees (the map page's frames are listed in map-frames.ts). */
export type MapFrame = { kind: "world" } | { kind: "box"; box: GeoBox };

export const EUROPE_BOX: GeoBox = { west: -10, south: 36, east: 24, north: 60 };

/** Below this span (degrees, about 20 km) a zoom shows nothing new: nearby parks are drawn one by one instead. */
export const MIN_SPAN = 0.2;

export function readMapView(params: URLSearchParams): MapView {
  const box = parseBox(params.get("bbox"));
  if (box) return { kind: "area", box };
  const { country } = readParkListFilters(params);
  if (country) return { kind: "country", country };
  return params.get("view") === "world" ? { kind: "world" } : { kind: "europe" };
}

const NUMBER = /^-?\d{1,3}(\.\d{1,6})?$/;

/** "west,south,east,north" in degrees, in range and in order; anything else is null (the page then shows Europe). */
export function parseBox(text: string | null): GeoBox | null {
  if (!text || text.length > 60) return null;
  const parts = text.split(",");
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part.trim()))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (west < -180 || east > 180 || south < -85 || north > 85 || west >= east || south >= north) return null;
  return atLeastMinSpan({ west, south, east, north });
}

/** A box grown around its centre to a minimum span (by default the smallest zoom's, so that a zoom always ends). */
export function atLeastMinSpan(box: GeoBox, span = MIN_SPAN): GeoBox {
  const grow = (low: number, high: number, min: number, max: number): [number, number] => {
    if (high - low >= span) return [low, high];
    const centre = Math.min(Math.max((low + high) / 2, min + span / 2), max - span / 2);
    return [centre - span / 2, centre + span / 2];
  };
  const [west, east] = grow(box.west, box.east, -180, 180);
  const [south, north] = grow(box.south, box.north, -85, 85);
  return { west, south, east, north };
}

/**
 * The box that shows some places: their extent (smallest and largest latitudes and longitudes, as the database
 * gives it) with a margin of a fifth of its span on each side, clamped to the world.
 */
export function boxAroundExtent({ west, south, east, north }: GeoBox): GeoBox {
  const margin = (span: number) => Math.max(span / 5, MIN_SPAN / 2);
  const [dx, dy] = [margin(east - west), margin(north - south)];
  return atLeastMinSpan({
    west: Math.max(-180, west - dx),
    south: Math.max(-85, south - dy),
    east: Math.min(180, east + dx),
    north: Math.min(85, north + dy),
  });
}

const degrees = (value: number) => String(Math.round(value * 1000) / 1000);

export function formatBox(box: GeoBox): string {
  return [box.west, box.south, box.east, box.north].map(degrees).join(",");
}

/** The query string of a view, as written in links (plain links: they work without JavaScript). */
export function mapSearch(view: MapView): string {
  switch (view.kind) {
    case "europe":
      return "";
    case "world":
      return "?view=world";
    case "country":
      return `?${new URLSearchParams({ country: view.country })}`;
    case "area":
      return `?bbox=${formatBox(view.box)}`;
  }
}
