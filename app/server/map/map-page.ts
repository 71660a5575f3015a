import { MAP_LIST_LIMIT, UNLOCATED_LIST_LIMIT, type MapListPark, type MapPark, type UnlocatedParks } from "~/domain/map-parks";
import { atFinestLevel, frameGeometry, frameKey, snapFrame, type BaseFrame } from "~/domain/map-frames";
import { atLeastMinSpan, boxAround, type MapView } from "~/domain/map-view";
import type { Executor } from "../db/database";
import { frameProjection, PAGE_MAP_SIZE } from "./map-projection";
import { listMapParks, listUnlocatedParks } from "./map-queries";
import { markParks, marksSvg, placeParks, type MarkText } from "./map-marks";

export type MapPage = {
  /** The base map's address part: `/maps/base/<frameKey>.svg`. */
  frameKey: string;
  /** The marks, drawn over the base map (inserted with ServerSvg). */
  marks: string;
  markCount: number;
  /** How many located parks the view shows, and the best rated of them (the list under the map). */
  parkCount: number;
  list: MapListPark[];
  unlocated: UnlocatedParks;
};

/** Degrees: about the size of a small country, around a country's only park. */
const COUNTRY_MIN_SPAN = 4;
const NO_PARKS: UnlocatedParks = { total: 0, parks: [] };

/**
 * A view of the map page (docs/rules/catalogue.md#map): two queries at most (the located parks of its scope, and the parks without
 * a location), then projection and clustering in memory, O(parks of the view); the base map is a cached image.
 */
export async function loadMapPage(db: Executor, view: MapView, label: string, text: MarkText): Promise<MapPage> {
  const country = view.kind === "country" ? view.country : null;
  const area = view.kind === "area" ? snapFrame(view.box) : null;
  const areaBox = area && frameGeometry(area);
  const [parks, unlocated] = await Promise.all([
    listMapParks(db, { country: country ?? undefined, box: areaBox?.kind === "box" ? areaBox.box : undefined }),
    // A zoomed area is a place: parks without one belong to no area.
    view.kind === "area" ? NO_PARKS : listUnlocatedParks(db, country, UNLOCATED_LIST_LIMIT),
  ]);
  const frame = area ?? viewFrame(view, parks);
  const projection = frameProjection(frameGeometry(frame), PAGE_MAP_SIZE);
  const placed = placeParks(parks, projection, PAGE_MAP_SIZE);
  const marks = markParks(placed, !atFinestLevel(frame), PAGE_MAP_SIZE);
  return {
    frameKey: frameKey(frame),
    marks: marksSvg(marks, PAGE_MAP_SIZE, label, text),
    markCount: marks.length,
    parkCount: placed.length,
    list: placed.slice(0, MAP_LIST_LIMIT).map(({ item: { id, name, slug, country: where, averageRating } }) => ({ id, name, slug, country: where, averageRating })),
    unlocated,
  };
}

/** The frames the page links are the finite set of map-frames.ts: a country's parks are shown on a tile too. */
function viewFrame(view: MapView, parks: readonly MapPark[]): BaseFrame {
  if (view.kind === "world") return { kind: "world" };
  // A country's frame is its parks' extent (a country with one park is not drawn as a continent, nor as a street).
  const box = view.kind === "country" ? boxAround(parks) : null;
  return box ? snapFrame(atLeastMinSpan(box, COUNTRY_MIN_SPAN)) : { kind: "europe" };
}
