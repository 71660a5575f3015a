import { describe, expect, it } from "vitest";
import { MAX_SCALE, clampScale, scrollAfterZoom } from "~/domain/map-zoom";

describe("the map's zoom", () => {
  it("goes no further out than the whole map in the box, no further in than the closest zoom", () => {
    // A phone: a 358 px box for a 960-unit map.
    expect(clampScale(0.1, 358, 960)).toBeCloseTo(358 / 960);
    expect(clampScale(1, 358, 960)).toBe(1);
    expect(clampScale(10, 358, 960)).toBe(MAX_SCALE);
    // A box as wide as the map or wider: the whole map is scale 1, not larger.
    expect(clampScale(0.5, 960, 960)).toBe(1);
    expect(clampScale(0.5, 1400, 960)).toBe(1);
  });

  it("keeps the point under the pivot where it was", () => {
    const scroll = { left: 100, top: 50 };
    const pivot = { x: 179, y: 208 };
    const after = scrollAfterZoom(scroll, pivot, 1, 1.5);
    // The map point under the pivot, in map units, before and after.
    expect((after.left + pivot.x) / 1.5).toBeCloseTo((scroll.left + pivot.x) / 1);
    expect((after.top + pivot.y) / 1.5).toBeCloseTo((scroll.top + pivot.y) / 1);
    expect(scrollAfterZoom(scroll, pivot, 2, 2)).toEqual(scroll);
  });
});
