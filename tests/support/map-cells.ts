import type { GeoProjection } from "d3-geo";
import type { GridCell } from "~/domain/map-clusters";
import type { MapPark } from "~/domain/map-parks";
import type { Size } from "~/server/map/map-projection";

/**
 * What the map's statement computes (app/server/map/map-queries.ts, decision 0059), done in memory as the page did
 * before it: the parks (best rated first) projected with d3, those inside the picture grouped into cells of the
 * grid, each cell at its parks' centre with their extent, in the order of its first park. The reference the
 * database's cells are compared with, and a way for unit tests to make cells from points.
 */
export function cellsInMemory(parks: readonly MapPark[], projection: GeoProjection, size: Size, cellSize: number, cluster = true): GridCell<MapPark>[] {
  const points = parks.flatMap((park) => {
    const [x, y] = projection([park.longitude, park.latitude])!;
    return x >= 0 && x <= size.width && y >= 0 && y <= size.height ? [{ item: park, x, y }] : [];
  });
  return cellsOfPoints(points, cellSize, cluster);
}

/** Points already placed, grouped into cells of `cellSize` (or one cell each, unclustered). */
export function cellsOfPoints<T extends { latitude: number; longitude: number }>(
  points: readonly { item: T; x: number; y: number }[],
  cellSize: number,
  cluster = true,
): GridCell<T>[] {
  const cells = new Map<string, { item: T; x: number; y: number }[]>();
  for (const [index, point] of points.entries()) {
    const key = cluster ? `${Math.floor(point.y / cellSize)}:${Math.floor(point.x / cellSize)}` : String(index);
    cells.set(key, [...(cells.get(key) ?? []), point]);
  }
  return [...cells.values()].map((cell) => ({
    x: cell.reduce((sum, point) => sum + point.x, 0) / cell.length,
    y: cell.reduce((sum, point) => sum + point.y, 0) / cell.length,
    count: cell.length,
    extent: {
      west: Math.min(...cell.map((point) => point.item.longitude)),
      south: Math.min(...cell.map((point) => point.item.latitude)),
      east: Math.max(...cell.map((point) => point.item.longitude)),
      north: Math.max(...cell.map((point) => point.item.latitude)),
    },
    item: cell.length === 1 ? cell[0]!.item : null,
  }));
}
