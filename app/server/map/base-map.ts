import { createHash } from "node:crypto";
import type { GeoProjection } from "d3-geo";
import { frameGeometry, frameKey, type BaseFrame } from "~/domain/map-frames";
import { formatBox, type GeoBox, type MapFrame } from "~/domain/map-view";
import { svgNumber } from "../svg/svg-markup";
import { LruCache } from "../lru-cache";
import { DrawingQueue } from "./drawing-queue";
import { frameAtlasScale, frameProjection, LOCATOR_SIZE, PAGE_MAP_SIZE, type Size } from "./map-projection";
import { drawLines, drawPolygons, drawSphere, Slicer } from "./sliced-drawing";
import { atlasLayers } from "./world-atlas";

/**
 * The base maps (decision 0033): land, coasts and borders of a frame, drawn once per frame and kept (an LRU, so
 * zooms into many places cannot grow the memory without bound). The map page shows its base map as an image of
 * its own, cacheable by the browser, so the page's HTML and data carry only the marks. Drawings are sliced and
 * queued one at a time (decision 0039): a fresh frame holds the other requests for a slice at most (or the end of
 * one long coastline's ring), and the queue is bounded.
 */
export type SvgFile = { body: string; etag: string };

const SEA = "#dbeafe";
const LAND = "#f5f5f4";
const LINE = "#a8a29e";

type Layers = { sphere: string; land: string; borders: string };

async function drawLayers(frame: MapFrame, projection: GeoProjection): Promise<Layers> {
  const atlas = atlasLayers(frameAtlasScale(frame), frame.kind === "box" ? frame.box : null);
  const slicer = new Slicer();
  return {
    sphere: frame.kind === "world" ? drawSphere(projection) : "",
    land: await drawPolygons(projection, atlas.land, slicer),
    borders: await drawLines(projection, atlas.borders, slicer),
  };
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

/** Drawings waiting for their turn, the one under way included: beyond them a fresh frame is refused (a 503). */
const MAX_WAITING_DRAWINGS = 4;
const drawings = new DrawingQueue(MAX_WAITING_DRAWINGS);
/** The page's fixed views, kept for the process's life: fresh tiles asked for by the dozen never evict them. */
const fixedFiles = new Map<string, SvgFile>();
const tileFiles = new LruCache<SvgFile>(64);

/**
 * The map page's base map of a frame: decorative (the page says what it shows), so no title of its own. Null when
 * it is not drawn yet and too many other drawings are waiting.
 */
export async function baseMapFile(frame: BaseFrame): Promise<SvgFile | null> {
  const key = frameKey(frame);
  const fixed = frame.kind !== "tile";
  const cache = fixed ? fixedFiles : tileFiles;
  const known = cache.get(key);
  if (known) return known;
  return drawings.draw(
    `base:${key}`,
    async () => {
      const geometry = frameGeometry(frame);
      const size = PAGE_MAP_SIZE;
      const layers = await drawLayers(geometry, frameProjection(geometry, size));
      const file = svgFile(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}">` +
          `${layersMarkup(size, layers)}</svg>`,
      );
      cache.set(key, file);
      return file;
    },
    !fixed,
  );
}

/** A locator's land and borders, shared by the parks of one area (its dot is drawn per park). */
const locatorLayers = new LruCache<Layers>(64);

/** About a country's size around the park: the centre on a whole degree, so that nearby parks share one base. */
function locatorFrame(latitude: number, longitude: number): { kind: "box"; box: GeoBox } {
  const [centreX, centreY] = [Math.round(longitude), Math.round(latitude)];
  const box: GeoBox = {
    west: Math.max(-180, centreX - 8),
    east: Math.min(180, centreX + 8),
    south: Math.max(-80, centreY - 5),
    north: Math.min(80, centreY + 5),
  };
  return { kind: "box", box };
}

/**
 * The park page's locator: the park's surroundings and one dot. Its text alternative is the page's alt text. Its
 * surroundings are drawn in the same queue as the base maps; null when they are not drawn and the queue is full.
 */
export async function locatorFile(place: { latitude: number; longitude: number }): Promise<SvgFile | null> {
  const frame = locatorFrame(place.latitude, place.longitude);
  const size = LOCATOR_SIZE;
  const projection = frameProjection(frame, size);
  const key = formatBox(frame.box);
  const layers = locatorLayers.get(key) ?? (await drawings.draw(`locator:${key}`, () => drawLayers(frame, projection)));
  if (!layers) return null;
  locatorLayers.set(key, layers);
  const [x, y] = projection([place.longitude, place.latitude]) ?? [size.width / 2, size.height / 2];
  const [cx, cy] = [svgNumber(x), svgNumber(y)];
  return svgFile(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}">` +
      layersMarkup(size, layers) +
      `<circle cx="${cx}" cy="${cy}" r="14" fill="#0f766e" fill-opacity="0.25"/>` +
      `<circle cx="${cx}" cy="${cy}" r="6" fill="#0f766e" stroke="#ffffff" stroke-width="2"/></svg>`,
  );
}
