import { describe, expect, it } from "vitest";
import { atFinestLevel, FINEST_LEVEL, frameGeometry, frameKey, readFrameKey, snapFrame, tileRange, type BaseFrame } from "~/domain/map-frames";
import { boxAroundExtent, EUROPE_BOX, MIN_SPAN, parseBox, type GeoBox } from "~/domain/map-view";

// Decision 0039: the base maps are a finite set, each with one address, and the map page links only those.

let seed = 29;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A box the page may be asked for (`?bbox=`, read by parseBox): anywhere, from a street to half the world. */
function randomBox(): GeoBox {
  const span = 10 ** (random() * 4 - 2.5);
  const [width, height] = [span * (0.3 + random() * 1.7), span * (0.3 + random() * 1.7)];
  const west = -180 + random() * (360 - Math.min(width, 359));
  const south = -85 + random() * (170 - Math.min(height, 169));
  const text = [west, south, Math.min(180, west + width), Math.min(85, south + height)].map((value) => value.toFixed(4)).join(",");
  return parseBox(text)!;
}

function contains(outer: GeoBox, inner: GeoBox): boolean {
  const slack = 1e-9;
  return outer.west <= inner.west + slack && inner.east <= outer.east + slack && outer.south <= inner.south + slack && inner.north <= outer.north + slack;
}

describe("the base maps the map page links (decision 0039)", () => {
  it("snaps every box to a frame the frame route reads back, showing the whole box", () => {
    for (let i = 0; i < 5000; i++) {
      const box = randomBox();
      const frame = snapFrame(box);
      expect(readFrameKey(frameKey(frame)), frameKey(frame)).toEqual(frame);
      const geometry = frameGeometry(frame);
      if (geometry.kind === "box") expect(contains(geometry.box, box), `${JSON.stringify(box)} in ${frameKey(frame)}`).toBe(true);
    }
    for (const fixed of [{ kind: "world" }, { kind: "europe" }] satisfies BaseFrame[]) expect(readFrameKey(frameKey(fixed))).toEqual(fixed);
    expect(frameGeometry({ kind: "europe" })).toEqual({ kind: "box", box: EUROPE_BOX });
  });

  it("is a finite set: a few million tiles over eight levels, every one with an address read back", () => {
    let tiles = 0;
    for (let level = 0; level <= FINEST_LEVEL; level++) {
      const { xMin, xMax, yMin, yMax } = tileRange(level);
      tiles += (xMax - xMin + 1) * (yMax - yMin + 1);
      for (const [x, y] of [[xMin, yMin], [xMax, yMax], [0, 0]] as const) {
        const frame: BaseFrame = { kind: "tile", level, x, y };
        expect(readFrameKey(frameKey(frame))).toEqual(frame);
        const { box } = frameGeometry(frame) as { box: GeoBox };
        expect(contains({ west: -180, south: -85, east: 180, north: 85 }, box)).toBe(true);
      }
      expect(readFrameKey(`${level}_${xMax + 1}_${yMin}`)).toBeNull();
      expect(readFrameKey(`${level}_${xMin}_${yMin - 1}`)).toBeNull();
    }
    expect(tiles).toBeLessThan(5_000_000);
  });

  it("refuses any other frame, and every other spelling of a valid one", () => {
    expect(frameKey({ kind: "tile", level: 3, x: -2, y: 28 })).toBe("3_-2_28");
    expect(readFrameKey("3_-2_28")).toEqual({ kind: "tile", level: 3, x: -2, y: 28 });
    const refused = [
      // The boxes the frame route used to draw, whatever they were.
      "-10_36_24_60",
      "-10_36_24_60.0",
      "1_2_3_4",
      "2.5_48.8_2.51_48.81",
      // Spellings of 3_-2_28 and 0_0_0.
      "03_-2_28",
      "3_-02_28",
      "3_-2_+28",
      "+3_-2_28",
      "3_-2_28.0",
      "3_-2_2.8e1",
      "3_-2_0x1c",
      "3_-2_28 ",
      " 3_-2_28",
      "3__-2_28",
      "0_-0_0",
      "0_0_-0",
      "3_-2_28_",
      "3-2-28",
      "World",
      "EUROPE",
      "",
      // Out of the set.
      `${FINEST_LEVEL + 1}_0_0`,
      "-1_0_0",
      "0_99999_0",
      "0_0_999999",
    ];
    for (const key of refused) expect(readFrameKey(key), key).toBeNull();
    for (let i = 0; i < 2000; i++) {
      const key = [random() * 12 - 2, random() * 4000 - 2000, random() * 2000 - 1000].map((value) => (random() < 0.5 ? Math.round(value) : value.toFixed(1))).join("_");
      const frame = readFrameKey(key);
      if (frame) expect(frameKey(frame)).toBe(key);
    }
  });

  it("lets nearby zooms share a frame, and gives a zoom a frame at least as close as the one it came from", () => {
    expect(snapFrame({ west: 2.32, south: 48.71, east: 2.93, north: 49.22 })).toEqual(snapFrame({ west: 2.33, south: 48.74, east: 2.91, north: 49.2 }));
    const around = boxAroundExtent({ west: 2.5714, south: 49.1342, east: 2.58, north: 49.145 });
    const frame = snapFrame(around);
    expect(frame).toMatchObject({ kind: "tile", level: FINEST_LEVEL });
    expect(atFinestLevel(frame)).toBe(true);
  });

  it("ends every zoom: the smallest box the page reads fits a tile of the finest level, wherever it is", () => {
    for (let i = 0; i < 2000; i++) {
      const west = -180 + random() * (360 - MIN_SPAN);
      const south = -85 + random() * (170 - MIN_SPAN);
      const frame = snapFrame({ west, south, east: west + MIN_SPAN, north: south + MIN_SPAN });
      expect(frame, `${west},${south}`).toMatchObject({ kind: "tile", level: FINEST_LEVEL });
    }
    expect(atFinestLevel({ kind: "europe" })).toBe(false);
    expect(atFinestLevel({ kind: "tile", level: FINEST_LEVEL - 1, x: 0, y: 0 })).toBe(false);
  });

  it("shows a box larger than any tile on the world map", () => {
    expect(snapFrame({ west: -170, south: -60, east: 170, north: 80 })).toEqual({ kind: "world" });
  });
});
