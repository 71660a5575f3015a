import type { GeoProjection } from "d3-geo";
import { clusterOnGrid, unclustered, type MapMark, type Placed } from "~/domain/map-clusters";
import type { MapPark } from "~/domain/map-parks";
import { boxAround, formatBox } from "~/domain/map-view";
import type { TFunction } from "~/i18n/translate";
import { escapeXml, svgNumber } from "../svg/svg-markup";
import type { Size } from "./map-projection";

/** A cell of the grid, in SVG units: about one finger on a phone once the map is scaled to its width. */
export const CELL_SIZE = 44;
/** Names are written next to the dots only while they are few enough to stay readable. */
const LABELLED_PARKS = 24;

/** The parks that fall inside the picture, placed by the frame's projection (best rated first, as they came). */
export function placeParks(parks: readonly MapPark[], projection: GeoProjection, { width, height }: Size): Placed<MapPark>[] {
  const placed: Placed<MapPark>[] = [];
  for (const park of parks) {
    const point = projection([park.longitude, park.latitude]);
    if (!point) continue;
    const [x, y] = point;
    if (x >= 0 && x <= width && y >= 0 && y <= height) placed.push({ item: park, x, y });
  }
  return placed;
}

export function markParks(placed: readonly Placed<MapPark>[], cluster: boolean): MapMark<MapPark>[] {
  return cluster ? clusterOnGrid(placed, CELL_SIZE) : unclustered(placed);
}

export type MarkText = {
  t: TFunction;
  /** The park page's address, in the page's language. */
  parkHref: (slug: string) => string;
  /** The map page zoomed on an area (`?bbox=`), in the page's language. */
  areaHref: (bbox: string) => string;
  formatRating: (rating: number) => string;
};

/** "Parc Astérix, France : note 4,3 sur 5": what a screen reader says on the dot and a mouse shows on hover. */
function parkMarkName(park: MapPark, { t, formatRating }: MarkText): string {
  return park.averageRating === null
    ? t("map.parkUnrated", { name: park.name, country: park.country })
    : t("map.park", { name: park.name, country: park.country, rating: formatRating(park.averageRating) });
}

/**
 * The marks' looks, set once on the picture (Tailwind classes with descendant selectors) rather than on each of
 * a few hundred marks: d a park's dot, c a cluster, r the focus ring (transparent, so it is also the mark's
 * larger target for a finger), n a cluster's count.
 */
const MARK_STYLES = [
  "h-full w-full",
  "[&_a]:outline-none",
  "[&_.d]:fill-teal-700 [&_a:hover_.d]:fill-teal-900",
  "[&_.c]:fill-amber-400 [&_a:hover_.c]:fill-amber-300",
  "[&_.r]:fill-transparent [&_.r]:stroke-transparent [&_.r]:stroke-[3] [&_a:focus-visible_.r]:stroke-stone-950",
  "[&_.n]:fill-stone-950 [&_.n]:stroke-none",
].join(" ");

/**
 * The marks as an SVG drawn over the base map, same size and projection: each park a link to its page, each
 * cluster a link to the map zoomed on its parks, each named by its `<title>` (a screen reader's name for an SVG
 * link, and a mouse's tooltip). Every text from data is escaped (the markup is inserted as is).
 */
export function marksSvg(marks: readonly MapMark<MapPark>[], { width, height }: Size, label: string, text: MarkText): string {
  const parts = marks.map((mark) => {
    const [x, y] = [svgNumber(mark.x), svgNumber(mark.y)];
    const at = `cx="${x}" cy="${y}"`;
    if (mark.kind === "cluster") {
      const count = mark.items.length;
      const radius = clusterRadius(count);
      return (
        `<a href="${escapeXml(text.areaHref(formatBox(boxAround(mark.items)!)))}"><title>${escapeXml(text.t("map.cluster", { count }))}</title>` +
        `<circle ${at} r="${svgNumber(radius)}" class="c"/><circle ${at} r="${svgNumber(radius + 4)}" class="r"/>` +
        `<text x="${x}" y="${y}" class="n" aria-hidden="true">${count}</text></a>`
      );
    }
    return (
      `<a href="${escapeXml(text.parkHref(mark.item.slug))}"><title>${escapeXml(parkMarkName(mark.item, text))}</title>` +
      `<circle ${at} r="6" class="d"/><circle ${at} r="11" class="r"/></a>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="${MARK_STYLES}" role="group" aria-label="${escapeXml(label)}">` +
    namesLayer(marks, width) +
    `<g stroke="#ffffff" stroke-width="2" text-anchor="middle" dominant-baseline="central" font-size="12" font-weight="700">${parts.join("")}</g></svg>`
  );
}

function clusterRadius(count: number): number {
  return Math.min(22, 10 + 3 * Math.log2(count));
}

type Rect = { left: number; top: number; right: number; bottom: number };

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The parks' names, under the marks and hidden from screen readers (each link already says its name). Placed
 * greedily, best rated first: right of the dot, else left of it, else left out when it would cover another name
 * or mark. The width is estimated (about 0.58 em a letter at 12 units): no font metrics on the server.
 */
function namesLayer(marks: readonly MapMark<MapPark>[], width: number): string {
  const singles = marks.filter((mark) => mark.kind === "park");
  if (singles.length === 0 || singles.length > LABELLED_PARKS) return "";
  const taken: Rect[] = marks.map((mark) => {
    const radius = mark.kind === "cluster" ? clusterRadius(mark.items.length) : 6;
    return { left: mark.x - radius, top: mark.y - radius, right: mark.x + radius, bottom: mark.y + radius };
  });
  const names: string[] = [];
  for (const mark of singles) {
    const textWidth = mark.item.name.length * 7;
    const right = { left: mark.x + 9, top: mark.y - 7, right: mark.x + 9 + textWidth, bottom: mark.y + 7 };
    const left = { left: mark.x - 9 - textWidth, top: mark.y - 7, right: mark.x - 9, bottom: mark.y + 7 };
    const fits = (rect: Rect) => rect.left >= 0 && rect.right <= width && !taken.some((other) => overlaps(rect, other));
    const place = fits(right) ? right : fits(left) ? left : null;
    if (!place) continue;
    taken.push(place);
    const anchor = place === right ? "" : ` text-anchor="end"`;
    names.push(
      `<text x="${svgNumber(place === right ? place.left : place.right)}" y="${svgNumber(mark.y)}"${anchor} dominant-baseline="central">${escapeXml(mark.item.name)}</text>`,
    );
  }
  return `<g aria-hidden="true" font-size="12" font-weight="600" stroke="#ffffff" stroke-width="3" paint-order="stroke" class="fill-stone-900">${names.join("")}</g>`;
}
