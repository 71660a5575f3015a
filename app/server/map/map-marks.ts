import { boundCells, clusterCells, joinMarks, unclustered, type GridCell, type MapMark } from "~/domain/map-clusters";
import type { MapPark } from "~/domain/map-parks";
import { boxAroundExtent, formatBox } from "~/domain/map-view";
import type { TFunction } from "~/i18n/translate";
import { escapeXml, svgNumber } from "../svg/svg-markup";
import type { Size } from "./map-projection";

/** A cell of the grid, in SVG units: about one finger on a phone once the map is scaled to its width. */
export const CELL_SIZE = 44;
/** Names are written next to the dots only while they are few enough to stay readable. */
const LABELLED_PARKS = 24;
/**
 * The most marks a view draws (decision 0066): the page carries its marks twice (HTML and loader data), so their
 * number, not the parks', sets its weight. Enough for a country's parks one by one.
 */
export const MAX_MARKS = 32;

/**
 * The marks of a view from its cells: one per cell of a grid coarse enough for at most MAX_MARKS, and a dot whose
 * name has no room folded into its nearest mark (foldUnnamed). At the finest level every park is its own dot (a
 * cluster there would zoom into the same view); the query reads at most MAX_MARKS of them, the best rated.
 */
export function markParks(cells: readonly GridCell<MapPark>[], cluster: boolean, size: Size): MapMark<MapPark>[] {
  if (!cluster) return unclustered(cells);
  const bounded = boundCells(cells, CELL_SIZE, MAX_MARKS);
  return foldUnnamed(clusterCells(bounded.cells, bounded.cellSize), size);
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

/** A mark's target for a finger: a transparent circle 44 units across, 44 px at the default zoom (docs/decisions/0044). */
const TARGET_RADIUS = 22;

/**
 * The marks' looks, set once on the picture (Tailwind classes with descendant selectors) rather than on each of
 * a few hundred marks: d a park's dot, c a cluster, r the focus ring, h the mark's larger target for a finger
 * (both transparent), n a cluster's count.
 */
const MARK_STYLES = [
  "h-full w-full",
  "[&_a]:outline-none",
  "[&_.d]:fill-teal-700 [&_a:hover_.d]:fill-teal-900",
  "[&_.c]:fill-amber-400 [&_a:hover_.c]:fill-amber-300",
  "[&_.r]:fill-transparent [&_.r]:stroke-transparent [&_.r]:stroke-[3] [&_a:focus-visible_.r]:stroke-stone-950",
  "[&_.h]:fill-transparent [&_.h]:stroke-none",
  "[&_.n]:fill-stone-950 [&_.n]:stroke-none",
].join(" ");

/**
 * The marks as an SVG drawn over the base map, same size and projection: each park a link to its page, each
 * cluster a link to the map zoomed on its parks, each named by its `<title>` (a screen reader's name for an SVG
 * link, and a mouse's tooltip). Every text from data is escaped (the markup is inserted as is).
 *
 * A mark's link is moved to its place (`transform`) and its shapes drawn around the origin, rather than each
 * shape given the place again: the markup is in the page twice (its HTML and its loader data), a few hundred
 * bytes a mark on a view of seventy (decision 0063). A cluster whose focus ring is already as large as a
 * finger's target has no separate target: the ring, transparent, is it.
 */
export function marksSvg(marks: readonly MapMark<MapPark>[], { width, height }: Size, label: string, text: MarkText): string {
  const parts = marks.map((mark) => {
    const at = `transform="translate(${svgNumber(mark.x)} ${svgNumber(mark.y)})"`;
    if (mark.kind === "cluster") {
      const { count } = mark;
      const radius = clusterRadius(count);
      const target = radius + 4 < TARGET_RADIUS ? `<circle r="${TARGET_RADIUS}" class="h"/>` : "";
      return (
        `<a href="${escapeXml(text.areaHref(formatBox(boxAroundExtent(mark.extent))))}" ${at}><title>${escapeXml(text.t("map.cluster", { count }))}</title>` +
        `<circle r="${svgNumber(radius)}" class="c"/><circle r="${svgNumber(radius + 4)}" class="r"/>${target}` +
        `<text class="n" aria-hidden="true">${count}</text></a>`
      );
    }
    return (
      `<a href="${escapeXml(text.parkHref(mark.item.slug))}" ${at}><title>${escapeXml(parkMarkName(mark.item, text))}</title>` +
      `<circle r="6" class="d"/><circle r="11" class="r"/><circle r="${TARGET_RADIUS}" class="h"/></a>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="${MARK_STYLES}" role="group" aria-label="${escapeXml(label)}">` +
    namesLayer(marks, { width, height }) +
    `<g stroke="#ffffff" stroke-width="2" text-anchor="middle" dominant-baseline="central" font-size="12" font-weight="700">${parts.join("")}</g></svg>`
  );
}

function clusterRadius(count: number): number {
  return Math.min(22, 10 + 3 * Math.log2(count));
}

type Rect = { left: number; top: number; right: number; bottom: number };

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where a name may go, in order of preference: right of the dot, left of it, above, below. */
const NAME_PLACES = ["right", "left", "above", "below"] as const;

function nameBox(where: (typeof NAME_PLACES)[number], { x, y }: { x: number; y: number }, textWidth: number): Rect {
  switch (where) {
    case "right":
      return { left: x + 9, top: y - 7, right: x + 9 + textWidth, bottom: y + 7 };
    case "left":
      return { left: x - 9 - textWidth, top: y - 7, right: x - 9, bottom: y + 7 };
    case "above":
      return { left: x - textWidth / 2, top: y - 22, right: x + textWidth / 2, bottom: y - 8 };
    case "below":
      return { left: x - textWidth / 2, top: y + 8, right: x + textWidth / 2, bottom: y + 22 };
  }
}

type PlacedName = { rect: Rect; name: string; where: (typeof NAME_PLACES)[number] };

/**
 * Where the parks' names go. Placed greedily, best rated first: right of the dot, else left of it, above or
 * below, else left out when it would cover another name or mark (`unnamed`). None at all while there are more
 * than LABELLED_PARKS dots. The width is estimated (about 0.58 em a letter at 12 units): no font metrics on the server.
 */
function placeNames(marks: readonly MapMark<MapPark>[], { width, height }: Size): { names: PlacedName[]; unnamed: MapMark<MapPark>[] } {
  const singles = marks.filter((mark) => mark.kind === "park");
  if (singles.length > LABELLED_PARKS) return { names: [], unnamed: [] };
  const taken: Rect[] = marks.map((mark) => {
    const radius = mark.kind === "cluster" ? clusterRadius(mark.count) : 6;
    return { left: mark.x - radius, top: mark.y - radius, right: mark.x + radius, bottom: mark.y + radius };
  });
  const names: PlacedName[] = [];
  const unnamed: MapMark<MapPark>[] = [];
  for (const mark of singles) {
    const textWidth = mark.item.name.length * 7;
    const place = NAME_PLACES.map((where) => ({ where, rect: nameBox(where, mark, textWidth) })).find(
      ({ rect }) => rect.left >= 0 && rect.right <= width && rect.top >= 0 && rect.bottom <= height && !taken.some((other) => overlaps(rect, other)),
    );
    if (!place) {
      unnamed.push(mark);
      continue;
    }
    taken.push(place.rect);
    names.push({ ...place, name: mark.item.name });
  }
  return { names, unnamed };
}

/**
 * A dot with no room for its name is a dot nobody can read on the map: it joins the nearest mark within
 * FOLD_DISTANCE as a cluster (a count is readable, and it zooms in to where the names fit). A few passes, since
 * a new cluster can take another dot's room; what is still unnamed after them stays a dot.
 */
function foldUnnamed(marks: MapMark<MapPark>[], size: Size): MapMark<MapPark>[] {
  let current = marks;
  for (let pass = 0; pass < 3; pass++) {
    const { unnamed } = placeNames(current, size);
    if (unnamed.length === 0) return current;
    const folded = new Set<MapMark<MapPark>>();
    let next = current;
    for (const lonely of unnamed) {
      const distance = (mark: MapMark<MapPark>) => Math.hypot(mark.x - lonely.x, mark.y - lonely.y);
      const nearest = next.filter((mark) => mark !== lonely && !folded.has(mark)).sort((a, b) => distance(a) - distance(b))[0];
      if (!nearest || distance(nearest) > FOLD_DISTANCE) continue;
      const merged = joinMarks(nearest, lonely);
      folded.add(lonely);
      next = next.filter((mark) => mark !== lonely).map((mark) => (mark === nearest ? merged : mark));
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Three cells: a dot farther from every other mark than that keeps its place, named or not. */
const FOLD_DISTANCE = 3 * CELL_SIZE;

/** The parks' names, under the marks and hidden from screen readers (each link already says its name). */
function namesLayer(marks: readonly MapMark<MapPark>[], size: Size): string {
  const { names } = placeNames(marks, size);
  if (names.length === 0) return "";
  // Anchored on the dot's side, so a name longer than its estimate grows away from its dot.
  const texts = names.map(({ rect, name, where }) => {
    const [x, anchor] = where === "right" ? [rect.left, "start"] : where === "left" ? [rect.right, "end"] : [(rect.left + rect.right) / 2, "middle"];
    return `<text x="${svgNumber(x)}" y="${svgNumber((rect.top + rect.bottom) / 2)}" text-anchor="${anchor}" dominant-baseline="central">${escapeXml(name)}</text>`;
  });
  return `<g aria-hidden="true" font-size="12" font-weight="600" stroke="#ffffff" stroke-width="3" paint-order="stroke" class="fill-stone-900">${texts.join("")}</g>`;
}
