/**
 * Grid clustering in projected pixels (docs/rules/catalogue.md#map, decision 0033): the picture is cut into square cells, a cell
 * holding one park draws that park, a cell holding several draws one circle with their count. At 2,000 parks the
 * map so has at most one mark per cell (a few hundred), whatever the data.
 */
export type Placed<T> = { item: T; x: number; y: number };

export type MapMark<T> = { kind: "park"; x: number; y: number; item: T } | { kind: "cluster"; x: number; y: number; items: T[] };

export function clusterOnGrid<T>(points: readonly Placed<T>[], cellSize: number): MapMark<T>[] {
  const cells = new Map<string, Placed<T>[]>();
  for (const point of points) {
    const key = `${Math.floor(point.y / cellSize)}:${Math.floor(point.x / cellSize)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  const marks: MapMark<T>[] = [];
  for (const cell of cells.values()) {
    if (cell.length === 1) {
      const [only] = cell as [Placed<T>];
      marks.push({ kind: "park", x: only.x, y: only.y, item: only.item });
    } else {
      // The cluster sits at its parks' centre, not the cell's: it then points at where they are.
      const x = cell.reduce((sum, point) => sum + point.x, 0) / cell.length;
      const y = cell.reduce((sum, point) => sum + point.y, 0) / cell.length;
      marks.push({ kind: "cluster", x, y, items: cell.map((point) => point.item) });
    }
  }
  // Larger clusters first: they take in the marks that would overlap them, and are drawn under the small ones.
  return mergeClose(marks.sort((a, b) => size(b) - size(a)), cellSize / 2);
}

/**
 * Marks of neighbouring cells can sit closer than a cell (a park on each side of a cell's edge) and cover each
 * other: one pass folds any mark nearer than `distance` to an earlier (larger) one into it.
 */
function mergeClose<T>(marks: MapMark<T>[], distance: number): MapMark<T>[] {
  const kept: { x: number; y: number; items: T[] }[] = [];
  for (const mark of marks) {
    const items = mark.kind === "cluster" ? mark.items : [mark.item];
    const near = kept.find((other) => Math.hypot(other.x - mark.x, other.y - mark.y) < distance);
    if (!near) {
      kept.push({ x: mark.x, y: mark.y, items: [...items] });
      continue;
    }
    const total = near.items.length + items.length;
    near.x = (near.x * near.items.length + mark.x * items.length) / total;
    near.y = (near.y * near.items.length + mark.y * items.length) / total;
    near.items.push(...items);
  }
  return kept
    .map(({ x, y, items }): MapMark<T> => (items.length === 1 ? { kind: "park", x, y, item: items[0]! } : { kind: "cluster", x, y, items }))
    .sort((a, b) => size(b) - size(a));
}

function size<T>(mark: MapMark<T>): number {
  return mark.kind === "cluster" ? mark.items.length : 1;
}

/** Every point drawn on its own, for a view already at the smallest zoom (parks that close stay apart in the list). */
export function unclustered<T>(points: readonly Placed<T>[]): MapMark<T>[] {
  return points.map(({ item, x, y }) => ({ kind: "park", x, y, item }));
}
