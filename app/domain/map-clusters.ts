import type { GeoBox } from "./map-view";

/**
 * Grid clustering in projected pixels (docs/rules/catalogue.md#map, decisions 0033 and 0059): the picture is cut
 * into square cells, a cell holding one park draws that park, a cell holding several draws one circle with their
 * count. The database groups the parks into cells (app/server/map/map-queries.ts), so a view costs one row per
 * cell, a few hundred at most, whatever the number of parks; this file turns the cells into marks.
 */

/**
 * A cell as the map's query gives it: how many parks, their centre in the picture, their extent in degrees (the
 * zoom a cluster links to), and the park itself when it is alone. Cells come in the order of their best rated park.
 */
export type GridCell<T> = { x: number; y: number; count: number; extent: GeoBox; item: T | null };

export type MapMark<T> =
  | { kind: "park"; x: number; y: number; extent: GeoBox; item: T }
  | { kind: "cluster"; x: number; y: number; extent: GeoBox; count: number };

/** The marks of a clustered view: one per cell, then marks closer than half a cell folded together. */
export function clusterCells<T>(cells: readonly GridCell<T>[], cellSize: number): MapMark<T>[] {
  // Larger clusters first (a stable sort: equal ones keep their best park's order): they take in the marks that
  // would overlap them, and are drawn under the small ones.
  return mergeClose(cells.map(markOfCell).sort((a, b) => markSize(b) - markSize(a)), cellSize / 2);
}

/** Every park drawn on its own, for a view already at the smallest zoom (its query gives one cell per park). */
export function unclustered<T>(cells: readonly GridCell<T>[]): MapMark<T>[] {
  return cells.map(markOfCell);
}

function markOfCell<T>({ x, y, count, extent, item }: GridCell<T>): MapMark<T> {
  return count === 1 && item !== null ? { kind: "park", x, y, extent, item } : { kind: "cluster", x, y, extent, count };
}

/** How many parks a mark stands for. */
export function markSize<T>(mark: MapMark<T>): number {
  return mark.kind === "cluster" ? mark.count : 1;
}

/** Two marks as one cluster at their weighted centre, holding both extents. */
export function joinMarks<T>(a: MapMark<T>, b: MapMark<T>): MapMark<T> {
  const [sizeA, sizeB] = [markSize(a), markSize(b)];
  const count = sizeA + sizeB;
  return {
    kind: "cluster",
    x: (a.x * sizeA + b.x * sizeB) / count,
    y: (a.y * sizeA + b.y * sizeB) / count,
    extent: {
      west: Math.min(a.extent.west, b.extent.west),
      south: Math.min(a.extent.south, b.extent.south),
      east: Math.max(a.extent.east, b.extent.east),
      north: Math.max(a.extent.north, b.extent.north),
    },
    count,
  };
}

/**
 * Marks of neighbouring cells can sit closer than a cell (a park on each side of a cell's edge) and cover each
 * other: one pass folds any mark nearer than `distance` to an earlier (larger) one into it.
 */
function mergeClose<T>(marks: MapMark<T>[], distance: number): MapMark<T>[] {
  const kept: MapMark<T>[] = [];
  for (const mark of marks) {
    const near = kept.findIndex((other) => Math.hypot(other.x - mark.x, other.y - mark.y) < distance);
    if (near === -1) kept.push(mark);
    else kept[near] = joinMarks(kept[near]!, mark);
  }
  return kept.sort((a, b) => markSize(b) - markSize(a));
}
