import { createHash } from "node:crypto";
import { geoPath, type GeoProjection } from "d3-geo";
import { frameKey, type GeoBox, type MapFrame } from "~/domain/map-view";
import { svgNumber } from "../svg/svg-markup";
import { LruCache } from "../lru-cache";
import { frameAtlasScale, frameProjection, LOCATOR_SIZE, PAGE_MAP_SIZE, type Size } from "./map-projection";
import { PathWriter } from "./path-writer";
import { atlasLayers } from "./world-atlas";

/**
 * The base maps (decision 0033): land, coasts and borders of a frame, drawn once per frame and kept (an LRU, so
 * zooms into many places cannot grow the memory without bound). The map page shows its base map as an image of
 * its own, cacheable by the browser, so the page's HTML and data carry only the marks.
 */
export type SvgFile = { body: string; etag: string };

const SEA = "#dbeafe";
const LAND = "#f5f5f4";
const LINE = "#a8a29e";

type Layers = { sphere: string; land: string; borders: string };

const layersCache = new LruCache<Layers>(64);

function drawLayers(frame: MapFrame, size: Size, projection: GeoProjection): Layers {
  const key = `${size.width}x${size.height}:${frameKey(frame)}`;
  const known = layersCache.get(key);
  if (known) return known;
  const atlas = atlasLayers(frameAtlasScale(frame), frame.kind === "box" ? frame.box : null);
  const writer = new PathWriter();
  const path = geoPath(projection, writer);
  const draw = (object: Parameters<typeof path>[0]) => {
    path(object);
    return writer.result();
  };
  const layers = { sphere: frame.kind === "world" ? draw({ type: "Sphere" }) : "", land: draw(atlas.land), borders: draw(atlas.borders) };
  layersCache.set(key, layers);
  return layers;
}

function layersMarkup({ width, height }: Size, { sphere, land, borders }: Layers): string {
  const sea = sphere ? `<path d="${sphere}" fill="${SEA}"/>` : `<rect width="${width}" height="${height}" fill="${SEA}"/>`;
  return (
    sea +
    `<path d="${land}" fill="${LAND}" stroke="${LINE}" stroke-width="0.6"/>` +
    `<path d="${borders}" fill="none" stroke="${LINE}" stroke-width="0.6" stroke-dasharray="3 2"/>`
  );
}

function svgFile(body: string): SvgFile {
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
}

const baseFiles = new LruCache<SvgFile>(64);

/** The map page's base map of a frame: decorative (the page says what it shows), so no title of its own. */
export function baseMapFile(frame: MapFrame): SvgFile {
  const key = frameKey(frame);
  const known = baseFiles.get(key);
  if (known) return known;
  const size = PAGE_MAP_SIZE;
  const layers = drawLayers(frame, size, frameProjection(frame, size));
  const file = svgFile(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}">` +
      `${layersMarkup(size, layers)}</svg>`,
  );
  baseFiles.set(key, file);
  return file;
}

/** About a country's size around the park: the centre on a whole degree, so that nearby parks share one base. */
function locatorFrame(latitude: number, longitude: number): MapFrame {
  const [centreX, centreY] = [Math.round(longitude), Math.round(latitude)];
  const box: GeoBox = {
    west: Math.max(-180, centreX - 8),
    east: Math.min(180, centreX + 8),
    south: Math.max(-80, centreY - 5),
    north: Math.min(80, centreY + 5),
  };
  return { kind: "box", box };
}

/** The park page's locator: the park's surroundings and one dot. Its text alternative is the page's alt text. */
export function locatorFile(place: { latitude: number; longitude: number }): SvgFile {
  const frame = locatorFrame(place.latitude, place.longitude);
  const size = LOCATOR_SIZE;
  const projection = frameProjection(frame, size);
  const layers = drawLayers(frame, size, projection);
  const [x, y] = projection([place.longitude, place.latitude]) ?? [size.width / 2, size.height / 2];
  const [cx, cy] = [svgNumber(x), svgNumber(y)];
  return svgFile(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}">` +
      layersMarkup(size, layers) +
      `<circle cx="${cx}" cy="${cy}" r="14" fill="#0f766e" fill-opacity="0.25"/>` +
      `<circle cx="${cx}" cy="${cy}" r="6" fill="#0f766e" stroke="#ffffff" stroke-width="2"/></svg>`,
  );
}
