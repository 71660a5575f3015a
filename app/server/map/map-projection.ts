import { geoAzimuthalEqualArea, geoNaturalEarth1, type GeoProjection } from "d3-geo";
import type { GeoBox, MapFrame } from "~/domain/map-view";
import type { AtlasScale } from "./world-atlas";

/** The pictures' sizes in SVG units: the map page's, and the park page's locator. */
export type Size = { width: number; height: number };
export const PAGE_MAP_SIZE: Size = { width: 960, height: 640 };
export const LOCATOR_SIZE: Size = { width: 320, height: 200 };

/**
 * The projection of a frame, the same for the base map and the marks drawn over it. The world: Natural Earth 1 (a
 * compromise that looks like a world map). A box: Lambert azimuthal equal-area centred on it (Europe's own
 * statistical projection, EPSG:3035, at any zoom), fitted to the picture and clipped to it, so that paths outside
 * the picture are never written.
 */
export function frameProjection(frame: MapFrame, { width, height }: Size): GeoProjection {
  if (frame.kind === "world") return geoNaturalEarth1().fitExtent([[4, 4], [width - 4, height - 4]], { type: "Sphere" });
  const { box } = frame;
  const centre: [number, number] = [(box.west + box.east) / 2, (box.south + box.north) / 2];
  return geoAzimuthalEqualArea()
    .rotate([-centre[0], -centre[1]])
    .fitExtent([[8, 8], [width - 8, height - 8]], { type: "MultiPoint", coordinates: boxOutline(box) })
    .clipExtent([[0, 0], [width, height]]);
}

/** Points along a box's edges: a fit to its corners alone would cut the bulge of its parallels. */
function boxOutline({ west, south, east, north }: GeoBox): [number, number][] {
  const points: [number, number][] = [];
  for (let step = 0; step <= 8; step++) {
    const longitude = west + ((east - west) * step) / 8;
    const latitude = south + ((north - south) * step) / 8;
    points.push([longitude, south], [longitude, north], [west, latitude], [east, latitude]);
  }
  return points;
}

/** The coarse world for the world view, the finer one as soon as the frame is smaller. */
export function frameAtlasScale(frame: MapFrame): AtlasScale {
  return frame.kind === "world" ? "110m" : "50m";
}
