import { MAP_LIST_LIMIT, UNLOCATED_LIST_LIMIT, type MapListPark, type MapPark, type UnlocatedParks } from "~/domain/map-parks";
import { atLeastMinSpan, boxAround, EUROPE_BOX, frameKey, MIN_SPAN, snappedBox, type MapFrame, type MapView } from "~/domain/map-view";
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
 * A view of the map page (issue 20 §2): two queries at most (the located parks of its scope, and the parks without
 * a location), then projection and clustering in memory, O(parks of the view); the base map is a cached image.
 */
export async function loadMapPage(db: Executor, view: MapView, label: string, text: MarkText): Promise<MapPage> {
  const country = view.kind === "country" ? view.country : null;
  const areaFrame: MapFrame | null = view.kind === "area" ? { kind: "box", box: snappedBox(view.box) } : null;
  const [parks, unlocated] = await Promise.all([
    listMapParks(db, { country: country ?? undefined, box: areaFrame?.kind === "box" ? areaFrame.box : undefined }),
    // A zoomed area is a place: parks without one belong to no area.
    view.kind === "area" ? NO_PARKS : listUnlocatedParks(db, country, UNLOCATED_LIST_LIMIT),
  ]);
  const frame = areaFrame ?? viewFrame(view, parks);
  const projection = frameProjection(frame, PAGE_MAP_SIZE);
  const placed = placeParks(parks, projection, PAGE_MAP_SIZE);
  const marks = markParks(placed, !atSmallestZoom(frame));
  return {
    frameKey: frameKey(frame),
    marks: marksSvg(marks, PAGE_MAP_SIZE, label, text),
    markCount: marks.length,
    parkCount: placed.length,
    list: placed.slice(0, MAP_LIST_LIMIT).map(({ item: { id, name, slug, country: where, averageRating } }) => ({ id, name, slug, country: where, averageRating })),
    unlocated,
  };
}

function viewFrame(view: MapView, parks: readonly MapPark[]): MapFrame {
  if (view.kind === "world") return { kind: "world" };
  // A country's frame is its parks' extent (a country with one park is not drawn as a continent, nor as a street).
  const box = view.kind === "country" ? boxAround(parks) : null;
  return { kind: "box", box: box ? snappedBox(atLeastMinSpan(box, COUNTRY_MIN_SPAN)) : EUROPE_BOX };
}

/** Parks that still share a cell here are a few hundred metres apart: zooming further would not part them. */
function atSmallestZoom(frame: MapFrame): boolean {
  return frame.kind === "box" && Math.max(frame.box.east - frame.box.west, frame.box.north - frame.box.south) <= MIN_SPAN * 2;
}
