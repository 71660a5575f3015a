import { describe, expect, it } from "vitest";
import { boundCells, clusterCells, markSize, unclustered } from "~/domain/map-clusters";
import type { MapPark } from "~/domain/map-parks";
import {
  atLeastMinSpan,
  boxAroundExtent,
  EUROPE_BOX,
  formatBox,
  mapSearch,
  MIN_SPAN,
  parseBox,
  readMapView,
} from "~/domain/map-view";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { baseMapFile, locatorFile } from "~/server/map/base-map";
import { parkLocator } from "~/server/map/locator";
import { LruCache } from "~/server/lru-cache";
import { CELL_SIZE, MAX_MARKS, markParks, marksSvg, type MarkText } from "~/server/map/map-marks";
import { frameProjection, PAGE_MAP_SIZE } from "~/server/map/map-projection";
import { PathWriter } from "~/server/map/path-writer";
import { cellsInMemory, cellsOfPoints } from "../support/map-cells";

const view = (query: string) => readMapView(new URLSearchParams(query));

describe("map views in the address", () => {
  it("default to Europe, read the world, a country (the home list's filter) and a box", () => {
    expect(view("")).toEqual({ kind: "europe" });
    expect(view("view=world")).toEqual({ kind: "world" });
    expect(view("view=mars")).toEqual({ kind: "europe" });
    expect(view("country=+France+")).toEqual({ kind: "country", country: "France" });
    expect(view("bbox=-5,42,8.5,51.5")).toEqual({ kind: "area", box: { west: -5, south: 42, east: 8.5, north: 51.5 } });
  });

  it("fall back to the default view on a junk box, never an error", () => {
    for (const junk of ["", "1,2,3", "a,b,c,d", "10,42,5,51", "-5,51,8,42", "-200,0,0,10", "0,-90,10,10", "1e3,0,2,1", "0,0,1,1,2", "0x1,0,1,1", "1".repeat(80)]) {
      expect(parseBox(junk), junk).toBeNull();
      expect(view(`bbox=${encodeURIComponent(junk)}`), junk).toEqual({ kind: "europe" });
    }
    expect(view("bbox=junk&country=Italie")).toEqual({ kind: "country", country: "Italie" });
  });

  it("grow a box below the smallest zoom around its centre", () => {
    const box = parseBox("2.5,48.8,2.51,48.81")!;
    expect(box.east - box.west).toBeCloseTo(MIN_SPAN);
    expect(box.north - box.south).toBeCloseTo(MIN_SPAN);
    expect((box.west + box.east) / 2).toBeCloseTo(2.505);
    expect(atLeastMinSpan({ west: 179.99, south: 0, east: 180, north: 1 }).east).toBe(180);
  });

  it("write links back: plain query strings the page reads again", () => {
    for (const query of ["", "view=world", "country=Royaume-Uni", "bbox=-5,42,8.5,51.5"]) {
      expect(readMapView(new URLSearchParams(mapSearch(view(query)).slice(1)))).toEqual(view(query));
    }
    expect(mapSearch({ kind: "country", country: "Pays-Bas & co" })).toBe("?country=Pays-Bas+%26+co");
  });

  it("put a margin around places", () => {
    const box = boxAroundExtent({ west: 0, south: 45, east: 10, north: 50 });
    expect(formatBox(box)).toBe("-2,44,12,51");
  });
});

describe("grid clustering", () => {
  // Each point's item is where it is: its id, and a latitude and longitude for the cells' extents.
  const at = (id: string, x: number, y: number) => ({ item: { id, latitude: y / 10, longitude: x / 10 }, x, y });
  const points = [at("a", 5, 5), at("b", 30, 20), at("c", 10, 39), at("d", 100, 100), at("e", 45, 5)];
  const parkIds = (marks: ReturnType<typeof clusterCells<{ id: string }>>) => marks.flatMap((mark) => (mark.kind === "park" ? [mark.item.id] : []));

  it("makes one mark per cell, counting the parks of each cluster, which links to their extent", () => {
    const marks = clusterCells(cellsOfPoints(points, 40), 40);
    expect(marks).toHaveLength(3);
    const [cluster, ...singles] = marks;
    expect(cluster).toMatchObject({ kind: "cluster", count: 3, x: 15, y: 64 / 3, extent: { west: 0.5, south: 0.5, east: 3, north: 3.9 } });
    expect(parkIds(singles).sort()).toEqual(["d", "e"]);
    expect(marks.reduce((sum, mark) => sum + markSize(mark), 0)).toBe(points.length);
  });

  it("folds marks of neighbouring cells that would cover each other", () => {
    const marks = clusterCells(cellsOfPoints([at("left", 39, 20), at("right", 41, 21), at("far", 100, 20)], 40), 40);
    expect(marks).toEqual([
      { kind: "cluster", x: 40, y: 20.5, count: 2, extent: { west: 3.9, south: 2, east: 4.1, north: 2.1 } },
      { kind: "park", x: 100, y: 20, extent: { west: 10, south: 2, east: 10, north: 2 }, item: { id: "far", latitude: 2, longitude: 10 } },
    ]);
  });

  it("stays within a few hundred marks for 2,000 parks over the whole picture", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const many = Array.from({ length: 2000 }, (_, i) => at(String(i), random() * 960, random() * 640));
    const marks = clusterCells(cellsOfPoints(many, CELL_SIZE), CELL_SIZE);
    expect(marks.length).toBeLessThanOrEqual(Math.ceil(960 / CELL_SIZE) * Math.ceil(640 / CELL_SIZE));
    expect(marks.reduce((sum, mark) => sum + markSize(mark), 0)).toBe(2000);
  });

  it("draws at most MAX_MARKS marks for 2,000 parks over the whole picture, every park counted (decision 0066)", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const many = Array.from({ length: 2000 }, (_, i) => ({ item: park({ id: String(i), name: `P${i}` }), x: random() * 960, y: random() * 640 }));
    const cells = cellsOfPoints(many, CELL_SIZE);
    expect(cells.length).toBeGreaterThan(MAX_MARKS);
    const marks = markParks(cells, true, PAGE_MAP_SIZE);
    expect(marks.length).toBeLessThanOrEqual(MAX_MARKS);
    expect(marks.reduce((sum, mark) => sum + markSize(mark), 0)).toBe(2000);
  });

  it("regroups cells on a grid twice as coarse until few enough, keeping counts, centres, extents and order", () => {
    const cells = cellsOfPoints([at("a", 5, 5), at("b", 50, 5), at("c", 200, 5), at("d", 60, 30)], 40);
    expect(boundCells(cells, 40, 4)).toEqual({ cells, cellSize: 40 });
    const { cells: bounded, cellSize } = boundCells(cells, 40, 2);
    expect(cellSize).toBe(80);
    expect(bounded).toEqual([
      { x: 115 / 3, y: 40 / 3, count: 3, extent: { west: 0.5, south: 0.5, east: 6, north: 3 }, item: null },
      { x: 200, y: 5, count: 1, extent: { west: 20, south: 0.5, east: 20, north: 0.5 }, item: { id: "c", latitude: 0.5, longitude: 20 } },
    ]);
    expect(boundCells(cells, 40, 1).cells).toHaveLength(1);
  });

  it("draws every point on its own at the smallest zoom", () => {
    expect(unclustered(cellsOfPoints(points, 40, false)).every((mark) => mark.kind === "park")).toBe(true);
  });
});

const park = (overrides: Partial<MapPark>): MapPark => ({
  id: "p1",
  name: "Parc Astérix",
  slug: "parc-asterix",
  region: "Hauts-de-France",
  country: "France",
  averageRating: 4.25,
  ratingCount: 12,
  latitude: 49.1342,
  longitude: 2.5714,
  ...overrides,
});

const text = (language: "fr" | "en"): MarkText => ({
  t: createTranslator(language, resources[language]),
  parkHref: (slug) => `/${language}/${slug}`,
  areaHref: (bbox) => `/${language}/map?bbox=${bbox}`,
  formatRating: (rating) => rating.toFixed(1).replace(".", language === "fr" ? "," : "."),
});

describe("the marks drawn over the map", () => {
  const projection = frameProjection({ kind: "box", box: EUROPE_BOX }, PAGE_MAP_SIZE);

  it("makes each park a link named by its name, country and rating, and escapes every text from data", () => {
    const hostile = park({ name: `<script>alert("x")</script> & co`, slug: "script", country: "<b>Pays</b>" });
    const svg = marksSvg(markParks(cellsInMemory([hostile], projection, PAGE_MAP_SIZE, CELL_SIZE), true, PAGE_MAP_SIZE), PAGE_MAP_SIZE, "Carte : <Europe>", text("fr"));
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co, &lt;b&gt;Pays&lt;/b&gt; : note 4,3 sur 5</title>");
    expect(svg).toContain('aria-label="Carte : &lt;Europe&gt;"');
    expect(svg).toContain('<a href="/fr/script"');
  });

  it("names unrated parks and clusters in each language, a cluster linking to a zoom on its parks", () => {
    const near = [park({}), park({ id: "p2", name: "Mer de Sable", averageRating: null, latitude: 49.145, longitude: 2.58 })];
    const svg = marksSvg(markParks(cellsInMemory(near, projection, PAGE_MAP_SIZE, CELL_SIZE), true, PAGE_MAP_SIZE), PAGE_MAP_SIZE, "Map", text("en"));
    expect(svg).toContain("<title>2 parks close together: zoom into this area</title>");
    const bbox = /href="\/en\/map\?bbox=([^"]+)"/.exec(svg)![1]!;
    const zoom = parseBox(bbox)!;
    expect(zoom.west).toBeLessThan(2.5714);
    expect(zoom.east).toBeGreaterThan(2.58);
    const apart = marksSvg(markParks(cellsInMemory(near, projection, PAGE_MAP_SIZE, CELL_SIZE, false), false, PAGE_MAP_SIZE), PAGE_MAP_SIZE, "Map", text("en"));
    expect(apart).toContain("<title>Mer de Sable, France: not rated yet</title>");
    expect(apart).toContain("<title>Parc Astérix, France: rated 4.3 out of 5</title>");
  });
});

describe("the parks' names beside their dots", () => {
  it("moves a name above or below its dot when both sides are taken, rather than leaving the dot unnamed", () => {
    // Three dots 40 units apart on a line: the first is named on its left (its right would cover the second dot),
    // the third on its right; the second has neither side free and is named above.
    const marks = [100, 140, 180].map((x, index) => ({ kind: "park" as const, x, y: 100, extent: EUROPE_BOX, item: park({ id: `p${index}`, name: `Park ${index}` }) }));
    const svg = marksSvg(marks, PAGE_MAP_SIZE, "Map", text("en"));
    const names = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>(Park \d)<\/text>/g)].map(([, x, y, name]) => ({ name, x: Number(x), y: Number(y) }));
    expect(names.map(({ name }) => name).sort()).toEqual(["Park 0", "Park 1", "Park 2"]);
    const byName = Object.fromEntries(names.map((entry) => [entry.name, entry]));
    expect(byName["Park 0"]!.x).toBeLessThan(100);
    expect(byName["Park 1"]!.y).toBeLessThan(100);
    expect(byName["Park 2"]!.x).toBeGreaterThan(180);
  });

  it("folds a dot with no room for its name into its nearest mark, so no dot on the map is nameless", () => {
    // Twenty parks crowded into a 300 × 200 corner (a fixed pseudo-random scatter).
    let seed = 7;
    const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const placed = Array.from({ length: 20 }, (_, index) => ({
      item: park({ id: `p${index}`, name: `Parc numéro ${index}` }),
      x: 100 + next() * 300,
      y: 100 + next() * 200,
    }));
    const marks = markParks(cellsOfPoints(placed, CELL_SIZE), true, PAGE_MAP_SIZE);
    const dots = marks.filter((mark) => mark.kind === "park");
    const svg = marksSvg(marks, PAGE_MAP_SIZE, "Map", text("fr"));
    for (const dot of dots) expect(svg).toContain(`>${dot.item.name}</text>`);
    // Every park is still on the map, in a dot or a cluster.
    expect(marks.reduce((sum, mark) => sum + markSize(mark), 0)).toBe(placed.length);
  });

  it("gives every dot a target 44 units across, 44 px at the default zoom", () => {
    const svg = marksSvg([{ kind: "park", x: 100, y: 100, extent: EUROPE_BOX, item: park({}) }], PAGE_MAP_SIZE, "Map", text("en"));
    expect(svg).toMatch(/<a href="[^"]+" transform="translate\(100 100\)"><title>[^<]+<\/title><circle r="6" class="d"\/><circle r="11" class="r"\/><circle r="22" class="h"\/><\/a>/);
  });
});

describe("base maps and locators", () => {
  it("draws the land and borders of a frame once, as an SVG with a stable ETag", async () => {
    const first = (await baseMapFile({ kind: "europe" }))!;
    expect(first.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 640"')).toBe(true);
    expect(first.body).toMatch(/<path d="M[\d.]+ [\d.]+l/);
    expect(first.body.length).toBeLessThan(150_000);
    expect(await baseMapFile({ kind: "europe" })).toBe(first);
    expect((await baseMapFile({ kind: "world" }))!.etag).not.toBe(first.etag);
  });

  it("puts the park's dot in the middle of its locator", async () => {
    const svg = (await locatorFile({ latitude: 49.1342, longitude: 2.5714 }))!.body;
    const [, x, y] = /<circle cx="([\d.]+)" cy="([\d.]+)" r="6"/.exec(svg)!;
    expect(Math.abs(Number(x) - 160)).toBeLessThan(40);
    expect(Math.abs(Number(y) - 100)).toBeLessThan(40);
  });

  it("writes relative path steps that add up, and drops steps too small to see", () => {
    const writer = new PathWriter();
    writer.moveTo(10, 10);
    writer.lineTo(10.1, 10.1);
    writer.lineTo(20, 10);
    writer.closePath();
    writer.moveTo(30, 30);
    expect(writer.result()).toBe("M10 10l10 0zm20 20");
  });

  it("keeps the least recently used entries out", () => {
    const cache = new LruCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe("the park page's locator", () => {
  const t = createTranslator("fr", resources.fr);
  const asterix = { id: "p1", name: "Parc Astérix", region: "Hauts-de-France", country: "France", latitude: 49.1342, longitude: 2.5714 };

  it("says where the park is and opens the map around it", () => {
    expect(parkLocator({ ...asterix, moderationStatus: "approved" }, "fr", t)).toEqual({
      src: "/maps/parks/p1.svg",
      alt: "Situation de Parc Astérix : Hauts-de-France, France",
      href: "/fr/map?bbox=2.071,48.634,3.071,49.634",
    });
  });

  it("shows nothing for a park without a location, nor for one not yet public", () => {
    expect(parkLocator({ ...asterix, latitude: null, longitude: null, moderationStatus: "approved" }, "fr", t)).toBeNull();
    expect(parkLocator({ ...asterix, moderationStatus: "pending" }, "fr", t)).toBeNull();
  });
});
