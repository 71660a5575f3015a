import { geoPath } from "d3-geo";
import { describe, expect, it } from "vitest";
import { EUROPE_BOX } from "~/domain/map-view";
import { frameProjection, PAGE_MAP_SIZE } from "~/server/map/map-projection";
import { PathWriter } from "~/server/map/path-writer";
import { drawLines, drawPolygons, drawSphere, Slicer } from "~/server/map/sliced-drawing";
import { atlasLayers } from "~/server/map/world-atlas";

// Decision 0039: a base map is drawn in slices that give the event loop back, and is the same picture as d3's.

describe("the sliced drawing of a base map", () => {
  it("writes the same path data as d3's geoPath in one go", async () => {
    for (const frame of [{ kind: "box", box: EUROPE_BOX }, { kind: "world" }] as const) {
      const atlas = atlasLayers(frame.kind === "world" ? "110m" : "50m", frame.kind === "box" ? frame.box : null);
      const writer = new PathWriter();
      const path = geoPath(frameProjection(frame, PAGE_MAP_SIZE), writer);
      const whole = (object: Parameters<typeof path>[0]) => {
        path(object);
        return writer.result();
      };
      const projection = frameProjection(frame, PAGE_MAP_SIZE);
      const slicer = new Slicer();
      expect(await drawPolygons(projection, atlas.land, slicer)).toBe(whole({ type: "MultiPolygon", coordinates: atlas.land }));
      expect(await drawLines(projection, atlas.borders, slicer)).toBe(whole({ type: "MultiLineString", coordinates: atlas.borders }));
      expect(drawSphere(projection)).toBe(whole({ type: "Sphere" }));
    }
  });

  it("lets other work run while Europe's coastline is drawn", async () => {
    const atlas = atlasLayers("50m", EUROPE_BOX);
    let ranMeanwhile = 0;
    const ticker = setInterval(() => ranMeanwhile++, 0);
    await drawPolygons(frameProjection({ kind: "box", box: EUROPE_BOX }, PAGE_MAP_SIZE), atlas.land, new Slicer());
    clearInterval(ticker);
    expect(ranMeanwhile).toBeGreaterThan(0);
  });
});
