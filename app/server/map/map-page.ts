import { MAP_LIST_LIMIT, UNLOCATED_LIST_LIMIT, type MapListPark, type UnlocatedParks } from "~/domain/map-parks";
import { atFinestLevel, frameGeometry, frameKey, snapFrame, type BaseFrame } from "~/domain/map-frames";
import { atLeastMinSpan, boxAroundExtent, type MapView } from "~/domain/map-view";
import type { Executor } from "../db/database";
import { frameProjection, PAGE_MAP_SIZE } from "./map-projection";
import { findLocatedExtent, listMapCells, listUnlocatedParks } from "./map-queries";
import { CELL_SIZE, MAX_MARKS, markParks, marksSvg, type MarkText } from "./map-marks";

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
 * A view of the map page (docs/rules/catalogue.md#map): the frame (a country's comes from its parks' extent, one
 * more statement), then one statement for the cells of the grid and the list (decision 0059) beside one for the
 * parks without a location; the marks are made from the cells in memory, O(cells), a few hundred at most
 * whatever the number of parks. The base map is a cached image.
 */
export async function loadMapPage(db: Executor, view: MapView, label: string, text: MarkText): Promise<MapPage> {
  const country = view.kind === "country" ? view.country : null;
  const frame = view.kind === "area" ? snapFrame(view.box) : await viewFrame(db, view);
  const geometry = frameGeometry(frame);
  const [{ cells, list, parkCount }, unlocated] = await Promise.all([
    listMapCells(
      db,
      { country: country ?? undefined, box: view.kind === "area" && geometry.kind === "box" ? geometry.box : undefined },
      { frame: geometry, projection: frameProjection(geometry, PAGE_MAP_SIZE), size: PAGE_MAP_SIZE, cellSize: CELL_SIZE, cluster: !atFinestLevel(frame), maxDots: MAX_MARKS },
      MAP_LIST_LIMIT,
    ),
    // A zoomed area is a place: parks without one belong to no area.
    view.kind === "area" ? NO_PARKS : listUnlocatedParks(db, country, UNLOCATED_LIST_LIMIT),
  ]);
  const marks = markParks(cells, !atFinestLevel(frame), PAGE_MAP_SIZE);
  return {
    frameKey: frameKey(frame),
    marks: marksSvg(marks, PAGE_MAP_SIZE, label, text),
    markCount: marks.length,
    parkCount,
    list,
    unlocated,
  };
}

/** The frames the page links are the finite set of map-frames.ts: a country's parks are shown on a tile too. */
async function viewFrame(db: Executor, view: Exclude<MapView, { kind: "area" }>): Promise<BaseFrame> {
  if (view.kind === "world") return { kind: "world" };
  if (view.kind === "europe") return { kind: "europe" };
  // A country's frame is its parks' extent (a country with one park is not drawn as a continent, nor as a street).
  const extent = await findLocatedExtent(db, view.country);
  return extent ? snapFrame(atLeastMinSpan(boxAroundExtent(extent), COUNTRY_MIN_SPAN)) : { kind: "europe" };
}
