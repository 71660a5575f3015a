import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GeoProjection } from "d3-geo";
import { frameGeometry, readFrameKey, snapFrame, type BaseFrame } from "~/domain/map-frames";
import type { MapPark } from "~/domain/map-parks";
import { EUROPE_BOX, readMapView } from "~/domain/map-view";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { findLocatedExtent, findParkPlace, listMapCells, listUnlocatedParks } from "~/server/map/map-queries";
import { CELL_SIZE, MAX_MARKS } from "~/server/map/map-marks";
import { loadMapPage } from "~/server/map/map-page";
import { frameProjection, PAGE_MAP_SIZE } from "~/server/map/map-projection";
import { createPark } from "../support/factories";
import { cellsInMemory } from "../support/map-cells";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Europe's frame, clustered, as the page draws it. */
function europe() {
  const frame = { kind: "box" as const, box: EUROPE_BOX };
  return { frame, projection: frameProjection(frame, PAGE_MAP_SIZE), size: PAGE_MAP_SIZE, cellSize: CELL_SIZE, cluster: true, maxDots: MAX_MARKS };
}

function inPicture(park: MapPark, projection: GeoProjection): boolean {
  const [x, y] = projection([park.longitude, park.latitude])!;
  return x >= 0 && x <= PAGE_MAP_SIZE.width && y >= 0 && y <= PAGE_MAP_SIZE.height;
}

// Each test uses a country of its own, so the rows of the others never count.
describe("the map's reads (decision 0033)", () => {
  it("lists the approved parks with a location, best rated first, in a country or a box", async () => {
    const country = "Mapland";
    const good = await createPark(database.db, { country, latitude: 48.5, longitude: 2.2, ratingCount: 2, scoreSum: 9 });
    const fair = await createPark(database.db, { country, latitude: 45.1, longitude: 5.9, ratingCount: 2, scoreSum: 6 });
    await createPark(database.db, { country, latitude: 48.6, longitude: 2.3, moderationStatus: "pending" });
    await createPark(database.db, { country, latitude: 48.6, longitude: 2.3, moderationStatus: "rejected", rejectionReason: "Doublon" });
    await createPark(database.db, { country });
    const inCountry = await listMapCells(database.db, { country }, europe(), 30);
    expect(inCountry.parkCount).toBe(2);
    expect(inCountry.list).toEqual([
      { id: good.id, name: good.name, slug: good.slug, country, averageRating: 4.5 },
      { id: fair.id, name: fair.name, slug: fair.slug, country, averageRating: 3 },
    ]);
    // Far apart on Europe's map: a cell each, the best rated first, each carrying its park.
    expect(inCountry.cells.map((cell) => cell.item)).toEqual([
      { id: good.id, name: good.name, slug: good.slug, region: good.region, country, averageRating: 4.5, ratingCount: 2, latitude: 48.5, longitude: 2.2 },
      { id: fair.id, name: fair.name, slug: fair.slug, region: fair.region, country, averageRating: 3, ratingCount: 2, latitude: 45.1, longitude: 5.9 },
    ]);
    const inBox = await listMapCells(database.db, { box: { west: 2, south: 48, east: 3, north: 49 } }, europe(), 30);
    expect(inBox.list.map((park) => park.id)).toEqual([good.id]);
    expect(await findLocatedExtent(database.db, country)).toEqual({ west: 2.2, south: 45.1, east: 5.9, north: 48.5 });
    expect(await findLocatedExtent(database.db, "Emptyland")).toBeNull();
  });

  it("groups the parks into the same cells as projecting and grouping them in memory, on every kind of frame", async () => {
    const country = "Cellland";
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    // 300 parks over France and its neighbours, a few far away (outside Europe's picture), a few on the finest
    // tile below, every rating count different so that the order is the same in SQL and here; a few unrated.
    const rows = await database.db
      .insert(schema.parks)
      .values(
        Array.from({ length: 300 }, (_, i) => {
          const far = i % 50 === 0;
          const onTile = i % 50 === 1;
          const ratingCount = i % 37 === 0 ? 0 : i + 1;
          return {
            name: `Cell park ${i}`,
            slug: `cell-park-${i}`,
            region: "Nord",
            country,
            moderationStatus: "approved" as const,
            latitude: far ? -33 + random() * 10 : onTile ? 47.02 + random() * 0.16 : 42 + random() * 9,
            longitude: far ? 150 + random() * 20 : onTile ? 2.02 + random() * 0.36 : -3 + random() * 12,
            ratingCount,
            scoreSum: Math.round(ratingCount * (1 + random() * 4)),
          };
        }),
      )
      .returning();
    const located: MapPark[] = rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        region: row.region,
        country: row.country,
        averageRating: row.averageRating,
        ratingCount: row.ratingCount,
        latitude: row.latitude!,
        longitude: row.longitude!,
      }))
      .sort((a, b) => (b.averageRating ?? -1) - (a.averageRating ?? -1) || b.ratingCount - a.ratingCount);
    const finest = snapFrame({ west: 2, south: 47, east: 2.4, north: 47.2 });
    const frames: Array<[string, BaseFrame, boolean]> = [
      ["Europe", { kind: "europe" }, true],
      ["world", { kind: "world" }, true],
      ["a country's tile", snapFrame({ west: -3, south: 42, east: 9, north: 51 }), true],
      ["the finest tile, unclustered", finest, false],
    ];
    for (const [name, frame, cluster] of frames) {
      const geometry = frameGeometry(frame);
      const projection = frameProjection(geometry, PAGE_MAP_SIZE);
      const { cells, list, parkCount } = await listMapCells(database.db, { country }, { frame: geometry, projection, size: PAGE_MAP_SIZE, cellSize: CELL_SIZE, cluster, maxDots: MAX_MARKS }, 30);
      const expected = cellsInMemory(located, projection, PAGE_MAP_SIZE, CELL_SIZE, cluster);
      expect(cells.length, name).toBe(expected.length);
      expect(cells.length, name).toBeGreaterThan(0);
      for (const [index, cell] of cells.entries()) {
        const reference = expected[index]!;
        expect({ count: cell.count, extent: cell.extent, id: cell.item?.id }, `${name}, cell ${index}`).toEqual({
          count: reference.count,
          extent: reference.extent,
          id: reference.item?.id,
        });
        expect(cell.x, `${name}, cell ${index}`).toBeCloseTo(reference.x, 6);
        expect(cell.y, `${name}, cell ${index}`).toBeCloseTo(reference.y, 6);
      }
      expect(parkCount, name).toBe(expected.reduce((sum, cell) => sum + cell.count, 0));
      expect(list.map((park) => park.id), name).toEqual(
        located.filter((park) => inPicture(park, projection)).slice(0, 30).map((park) => park.id),
      );
    }
  });

  it("reads a view's parks from parks_map_idx, in the list's order, without the parks' rows nor a sort", async () => {
    // The plan as on a loaded database: its statistics and visibility map up to date (the bench data's load ends
    // so). The planner still prefers a sequential scan on a test's few hundred parks: with it off, what is left
    // is the index's own plan.
    await database.db.execute(sql`VACUUM ANALYZE parks`);
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      let explained: string[] = [];
      const explaining = {
        execute: async (query: SQL) => {
          const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN ${query}`);
          explained = rows.map((row) => row["QUERY PLAN"]);
          return [];
        },
      } as unknown as Executor;
      await listMapCells(explaining, {}, europe(), 30);
      return explained.join("\n");
    });
    expect(plan).toContain("Index Only Scan using parks_map_idx on parks");
    expect(plan).not.toMatch(/WindowAgg[\s\S]*Sort[\s\S]*parks_map_idx/);
  });

  it("counts the approved parks without a location and names the first of them", async () => {
    const country = "Nowhereland";
    for (const name of ["Zèbre parc", "Alpha parc", "Milieu parc"]) await createPark(database.db, { country, name });
    await createPark(database.db, { country, moderationStatus: "pending" });
    await createPark(database.db, { country, latitude: 40, longitude: 1 });
    const unlocated = await listUnlocatedParks(database.db, country, 2);
    expect(unlocated.total).toBe(3);
    expect(unlocated.parks.map((park) => park.name)).toEqual(["Alpha parc", "Milieu parc"]);
    expect(await listUnlocatedParks(database.db, "Emptyland", 2)).toEqual({ total: 0, parks: [] });
  });

  it("finds a public park's place for its locator, and nothing for other parks", async () => {
    const located = await createPark(database.db, { latitude: 43.3, longitude: 5.4 });
    const pending = await createPark(database.db, { latitude: 43.3, longitude: 5.4, moderationStatus: "pending" });
    const unlocated = await createPark(database.db);
    expect(await findParkPlace(database.db, located.id)).toEqual({ latitude: 43.3, longitude: 5.4 });
    expect(await findParkPlace(database.db, pending.id)).toBeNull();
    expect(await findParkPlace(database.db, unlocated.id)).toBeNull();
  });

  it("builds a country view's page: its parks as marks and list, its unlocated parks, a frame around them", async () => {
    const country = "Pagesland";
    const parks = [];
    for (let i = 0; i < 40; i++) parks.push(await createPark(database.db, { country, latitude: 50 + (i % 8) * 0.4, longitude: 4 + Math.floor(i / 8) * 0.5 }));
    await createPark(database.db, { country, name: "Sans place" });
    const t = createTranslator("fr", resources.fr);
    const text = { t, parkHref: (slug: string) => `/fr/${slug}`, areaHref: (bbox: string) => `/fr/map?bbox=${bbox}`, formatRating: String };
    // Statements: the country's extent (its frame), the cells and the list, the parks without a location; a
    // zoomed area has no unlocated parks, Europe no extent to read.
    const counter = { count: 0 };
    const page = await countQueriesOf(counter, () => loadMapPage(database.db, readMapView(new URLSearchParams({ country })), "Carte", text));
    expect(counter.count).toBe(3);
    for (const [query, statements] of [["", 2], ["bbox=3,49,8,53", 1]] as const) {
      const viewCounter = { count: 0 };
      await countQueriesOf(viewCounter, () => loadMapPage(database.db, readMapView(new URLSearchParams(query)), "Carte", text));
      expect(viewCounter.count, query).toBe(statements);
    }
    expect(page.parkCount).toBe(40);
    expect(page.list).toHaveLength(30);
    expect(page.unlocated).toEqual({ total: 1, parks: [{ name: "Sans place", slug: expect.any(String), country }] });
    expect(readFrameKey(page.frameKey)).toMatchObject({ kind: "tile" });
    const links = [...page.marks.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBe(page.markCount);
    expect(links.length).toBeLessThan(40);
    expect(links.some((href) => href.startsWith("/fr/map?bbox="))).toBe(true);
  });
});
