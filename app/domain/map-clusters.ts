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

/**
 * The cells regrouped on a grid twice as coarse, again and again, until at most `max` remain (decision 0066):
 * however many parks a view holds, its picture has a bounded number of marks, so the page's bytes (its marks
 * are in the HTML and in the loader data) and the work of writing them stay flat as parks are added. A
 * coarser cell sums its cells' counts, weighs their centres and joins their extents; it comes in the order of
 * its best rated park (its first cell, the cells being in that order). Returns the cells and their size.
 */
export function boundCells<T>(cells: readonly GridCell<T>[], cellSize: number, max: number): { cells: GridCell<T>[]; cellSize: number } {
  let current = [...cells];
  let size = cellSize;
  while (current.length > max) {
    size *= 2;
    const groups = new Map<string, GridCell<T>>();
    for (const cell of current) {
      const key = `${Math.floor(cell.x / size)},${Math.floor(cell.y / size)}`;
      const group = groups.get(key);
      groups.set(key, group ? joinCells(group, cell) : cell);
    }
    current = [...groups.values()];
  }
  return { cells: current, cellSize: size };
}

function joinCells<T>(a: GridCell<T>, b: GridCell<T>): GridCell<T> {
  const count = a.count + b.count;
  return {
    x: (a.x * a.count + b.x * b.count) / count,
    y: (a.y * a.count + b.y * b.count) / count,
    count,
    extent: joinExtents(a.extent, b.extent),
    item: null,
  };
}

function joinExtents(a: GeoBox, b: GeoBox): GeoBox {
  return { west: Math.min(a.west, b.west), south: Math.min(a.south, b.south), east: Math.max(a.east, b.east), north: Math.max(a.north, b.north) };
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
    extent: joinExtents(a.extent, b.extent),
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
