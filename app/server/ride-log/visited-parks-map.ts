import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { atFinestLevel, frameGeometry, frameKey, snapFrame } from "~/domain/map-frames";
import type { MapPark } from "~/domain/map-parks";
import { boxAroundExtent, type GeoBox } from "~/domain/map-view";
import type { GridCell } from "~/domain/map-clusters";
import type { Executor } from "../db/database";
import { parks, rideCreditFigures } from "../db/schema";
import { publicPark } from "../catalog/visibility";
import { frameProjection, PAGE_MAP_SIZE } from "../map/map-projection";
import { markParks, marksSvg, type MarkText } from "../map/map-marks";

/** The parks a member has visited on the map (docs/rules/ride-log.md#credits): the base map's frame and the marks drawn over it. */
export type VisitedParksMap = { frameKey: string; marks: string; width: number; height: number };

/**
 * The member's visited parks drawn as the map page draws a view (docs/rules/catalogue.md#map): the smallest frame
 * around them, each park a dot linking to its page, close ones gathered as the map page gathers them (at most its
 * number of marks). One statement, over the parks of the member's kept figures (decision 0075) under their rules;
 * null when none of them has a location.
 */
export async function visitedParksMap(db: Executor, userId: string, label: string, text: MarkText): Promise<VisitedParksMap | null> {
  const visited = db
    .select({ id: sql`${rideCreditFigures.key}::uuid` })
    .from(rideCreditFigures)
    .where(and(eq(rideCreditFigures.userId, userId), eq(rideCreditFigures.dimension, "park")));
  const located: MapPark[] = await db
    .select({
      id: parks.id,
      name: parks.name,
      slug: parks.slug,
      region: parks.region,
      country: parks.country,
      averageRating: parks.averageRating,
      ratingCount: parks.ratingCount,
      latitude: parks.latitude,
      longitude: parks.longitude,
    })
    .from(parks)
    .where(and(inArray(parks.id, visited), publicPark(), isNotNull(parks.latitude), isNotNull(parks.longitude)))
    .then((rows) => rows.map((row) => ({ ...row, latitude: row.latitude!, longitude: row.longitude! })));
  if (located.length === 0) return null;
  const extent: GeoBox = {
    west: Math.min(...located.map((park) => park.longitude)),
    east: Math.max(...located.map((park) => park.longitude)),
    south: Math.min(...located.map((park) => park.latitude)),
    north: Math.max(...located.map((park) => park.latitude)),
  };
  const frame = snapFrame(boxAroundExtent(extent));
  const projection = frameProjection(frameGeometry(frame), PAGE_MAP_SIZE);
  const cells: GridCell<MapPark>[] = located.map((park) => {
    const [x, y] = projection([park.longitude, park.latitude]) ?? [0, 0];
    return { x, y, count: 1, extent: { west: park.longitude, east: park.longitude, south: park.latitude, north: park.latitude }, item: park };
  });
  const marks = markParks(cells, !atFinestLevel(frame), PAGE_MAP_SIZE);
  return { frameKey: frameKey(frame), marks: marksSvg(marks, PAGE_MAP_SIZE, label, text), ...PAGE_MAP_SIZE };
}
