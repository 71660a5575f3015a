import { and, asc, between, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { GeoProjection } from "d3-geo";
import type { GridCell } from "~/domain/map-clusters";
import type { GeoBox, MapFrame } from "~/domain/map-view";
import type { MapListPark, MapPark, UnlocatedParks } from "~/domain/map-parks";
import { queryRows, type Executor } from "../db/database";
import { parks } from "../db/schema";
import { publicPark } from "../catalog/visibility";
import type { Size } from "./map-projection";
import { floatLiteral, projectionInSql } from "./projection-sql";

/** A row of the map's statement: a cell of the grid, or a park of the list under the map. */
type CellRow = {
  kind: "cell" | "list";
  count: number;
  x: number;
  y: number;
  south: number;
  north: number;
  west: number;
  east: number;
  id: string | null;
  /** A cell's row: how many parks the whole picture holds (summed before the finest level's limit). */
  total: number;
  name: string | null;
  slug: string | null;
  region: string | null;
  country: string | null;
  averageRating: number | null;
  ratingCount: number | null;
};

export type MapCells = {
  /** The cells, in the order of their best rated park (one per park, the `maxDots` best, when `cluster` is false). */
  cells: GridCell<MapPark>[];
  /** The best rated parks of the picture, best first, at most `listLimit`. */
  list: MapListPark[];
  /** How many located parks the picture holds. */
  parkCount: number;
};

/**
 * The approved parks with a location in a scope (a country, a box, or everywhere) that fall inside a frame's
 * picture, grouped into the cells of the grid by the database itself (decision 0059): it projects them with the
 * frame's projection (projection-sql.ts), keeps those inside the picture, and answers a row per cell (or per
 * park, unclustered) and the `listLimit` best rated parks, in one statement. The page so reads a few hundred rows
 * at most, whatever the number of parks; the scan of the scope's parks stays in the database, a few milliseconds
 * for the large dataset's 2,000. Best rated first, as the list and the names' placing want it; both-or-neither
 * is a constraint (parks_location), so testing the latitude is enough.
 */
export async function listMapCells(
  db: Executor,
  scope: { country?: string; box?: GeoBox },
  frame: { frame: MapFrame; projection: GeoProjection; size: Size; cellSize: number; cluster: boolean; maxDots: number },
  listLimit: number,
): Promise<MapCells> {
  const { country, box } = scope;
  const { x, y } = projectionInSql(frame.frame, frame.projection, {
    latitude: sql`latitude`,
    longitude: sql`longitude`,
    sphereX: sql`sphere_x`,
    sphereY: sql`sphere_y`,
    sphereZ: sql`sphere_z`,
  });
  const scoped = and(
    publicPark(),
    isNotNull(parks.latitude),
    country ? eq(parks.country, country) : undefined,
    box ? between(parks.latitude, box.south, box.north) : undefined,
    box ? between(parks.longitude, box.west, box.east) : undefined,
  );
  const group = frame.cluster ? sql`floor(y / ${floatLiteral(frame.cellSize)}), floor(x / ${floatLiteral(frame.cellSize)})` : sql`rank`;
  // A clustered picture has at most one row per cell of the grid; unclustered (the finest level), one per park, so
  // only the `maxDots` best rated are read (decision 0066), the total being summed over all of them first.
  const cellLimit = frame.cluster ? sql`ALL` : sql`${frame.maxDots}`;
  // Every park of the scope is ranked and projected once (MATERIALIZED: the picture's four bounds would each
  // compute it again), read from parks_map_idx in the list's order (no sort, and not the parks' wide rows); a rank
  // over the whole scope orders the picture's parks as well. The names and addresses are read at the end, by key,
  // for the few parks shown on their own or in the list. A cell of one park carries its id (the only one of its
  // group: PostgreSQL 15 has no any_value).
  const rows = await queryRows<CellRow>(
    db,
    sql`WITH projected AS MATERIALIZED (
        SELECT id, latitude, longitude, ${x} AS x, ${y} AS y,
          row_number() OVER (ORDER BY average_rating DESC NULLS LAST, rating_count DESC, name ASC) AS rank
        FROM ${parks} WHERE ${scoped}
      ), placed AS (
        SELECT * FROM projected WHERE x >= 0 AND x <= ${floatLiteral(frame.size.width)} AND y >= 0 AND y <= ${floatLiteral(frame.size.height)}
      ), shown AS (
        (SELECT 'cell' AS kind, min(rank) AS rank, count(*)::int AS count, avg(x) AS x, avg(y) AS y,
          min(latitude) AS south, max(latitude) AS north, min(longitude) AS west, max(longitude) AS east,
          CASE WHEN count(*) = 1 THEN (array_agg(id))[1] END AS id, (sum(count(*)) OVER ())::int AS total
        FROM placed GROUP BY ${group} ORDER BY min(rank) LIMIT ${cellLimit})
        UNION ALL
        (SELECT 'list', rank, 1, x, y, latitude, latitude, longitude, longitude, id, 0 FROM placed ORDER BY rank LIMIT ${listLimit})
      )
      SELECT s.kind, s.count, s.x, s.y, s.south, s.north, s.west, s.east, s.total, p.id, p.name, p.slug, p.region, p.country,
        p.average_rating::float8 AS "averageRating", p.rating_count AS "ratingCount"
      FROM shown s LEFT JOIN ${parks} p ON p.id = s.id
      ORDER BY s.kind, s.rank`,
  );
  const cells: GridCell<MapPark>[] = [];
  const list: MapListPark[] = [];
  let parkCount = 0;
  for (const row of rows) {
    const extent = { west: row.west, south: row.south, east: row.east, north: row.north };
    if (row.kind === "list") {
      list.push({ id: row.id!, name: row.name!, slug: row.slug!, country: row.country!, averageRating: row.averageRating });
      continue;
    }
    parkCount = row.total;
    const item: MapPark | null =
      row.count === 1
        ? {
            id: row.id!,
            name: row.name!,
            slug: row.slug!,
            region: row.region!,
            country: row.country!,
            averageRating: row.averageRating,
            ratingCount: row.ratingCount!,
            latitude: row.south,
            longitude: row.west,
          }
        : null;
    cells.push({ x: row.x, y: row.y, count: row.count, extent, item });
  }
  return { cells, list, parkCount };
}

/**
 * The extent of a country's approved located parks (their smallest and largest latitudes and longitudes), which
 * decides the country view's frame; null when it has none.
 */
export async function findLocatedExtent(db: Executor, country: string): Promise<GeoBox | null> {
  const [row] = await db
    .select({
      west: sql<number | null>`min(${parks.longitude})`,
      south: sql<number | null>`min(${parks.latitude})`,
      east: sql<number | null>`max(${parks.longitude})`,
      north: sql<number | null>`max(${parks.latitude})`,
    })
    .from(parks)
    .where(and(publicPark(), isNotNull(parks.latitude), eq(parks.country, country)));
  return row && row.west !== null && row.south !== null && row.east !== null && row.north !== null
    ? { west: row.west, south: row.south, east: row.east, north: row.north }
    : null;
}

/** The approved parks without a location (in a country, or everywhere): how many, and the first few by name. */
export async function listUnlocatedParks(db: Executor, country: string | null, limit: number): Promise<UnlocatedParks> {
  const rows = await db
    .select({ name: parks.name, slug: parks.slug, country: parks.country, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(parks)
    .where(and(publicPark(), isNull(parks.latitude), country ? eq(parks.country, country) : undefined))
    .orderBy(asc(parks.name))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, parks: rows.map(({ name, slug, country: where }) => ({ name, slug, country: where })) };
}

/** An approved park's place, for its locator map; null for a park without one (or not public). */
export async function findParkPlace(db: Executor, id: string): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db
    .select({ latitude: sql<number>`${parks.latitude}`, longitude: sql<number>`${parks.longitude}` })
    .from(parks)
    .where(and(eq(parks.id, id), publicPark(), isNotNull(parks.latitude)))
    .limit(1);
  return row ?? null;
}
