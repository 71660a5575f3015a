import { describe, expect, it } from "vitest";
import { PARK_PLAN_WIDTH, parkPlanLayout, type PlacedRide } from "~/domain/park-plan";

// The plan of a park (docs/rules/catalogue.md#park-plan): an equirectangular projection around the rides' middle, north up.
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const AT = { latitude: 49.1342, longitude: 2.5714 };

/** A ride `east` and `north` metres from AT. */
function ride(name: string, east: number, north: number): PlacedRide {
  return {
    name,
    type: "roller_coaster",
    latitude: AT.latitude + north / METRES_PER_DEGREE,
    longitude: AT.longitude + east / (METRES_PER_DEGREE * Math.cos((AT.latitude * Math.PI) / 180)),
  };
}

describe("the plan's layout", () => {
  it("draws nothing for fewer than two placed rides", () => {
    expect(parkPlanLayout([])).toBeNull();
    expect(parkPlanLayout([ride("Seule", 0, 0)])).toBeNull();
  });

  it("numbers the rides in the order given, with the same numbers in the legend", () => {
    const layout = parkPlanLayout([ride("Alpha", -200, 0), ride("Bêta", 200, 0), ride("Gamma", 0, 150)])!;
    expect(layout.marks.map((mark) => mark.number)).toEqual([1, 2, 3]);
    expect(layout.legend.map((line) => [line.number, line.name])).toEqual([
      [1, "Alpha"],
      [2, "Bêta"],
      [3, "Gamma"],
    ]);
    expect(layout.width).toBe(PARK_PLAN_WIDTH);
  });

  it("puts north up and east right, on one scale both ways", () => {
    const layout = parkPlanLayout([ride("Ouest", -300, 0), ride("Est", 300, 0), ride("Nord", 0, 300), ride("Sud", 0, -300)])!;
    const [west, east, north, south] = layout.marks;
    expect(east!.x).toBeGreaterThan(west!.x);
    expect(north!.y).toBeLessThan(south!.y);
    // 600 m east-west and 600 m north-south: the same length on the drawing.
    expect(east!.x - west!.x).toBeCloseTo(south!.y - north!.y, 1);
    // The scale bar stands for a length that reads whole, drawn at the map's scale.
    const unitsPerMetre = (east!.x - west!.x) / 600;
    expect([10, 20, 50, 100, 200, 500, 1000, 2000, 5000]).toContain(layout.scale.metres);
    expect(layout.scale.width).toBeCloseTo(layout.scale.metres * unitsPerMetre, 6);
    expect(layout.scale.width).toBeLessThanOrEqual(120);
  });

  it("keeps every mark inside the map, and moves apart two rides at the same place", () => {
    const layout = parkPlanLayout([ride("Ici", 0, 0), ride("Là", 0, 0), ride("Loin", 800, -500)])!;
    const { map } = layout;
    for (const mark of layout.marks) {
      expect(mark.x).toBeGreaterThan(map.x);
      expect(mark.x).toBeLessThan(map.x + map.width);
      expect(mark.y).toBeGreaterThan(map.y);
      expect(mark.y).toBeLessThan(map.y + map.height);
    }
    const [here, there] = layout.marks;
    expect(Math.hypot(here!.x - there!.x, here!.y - there!.y)).toBeGreaterThanOrEqual(24);
  });

  it("cuts a very long name in the legend", () => {
    const long = "Une attraction au nom vraiment beaucoup trop long pour la légende";
    const layout = parkPlanLayout([ride(long, 0, 0), ride("Court", 100, 0)])!;
    expect(layout.legend[0]!.name.endsWith("…")).toBe(true);
    expect(layout.legend[0]!.name.length).toBeLessThanOrEqual(38);
    expect(layout.legend[1]!.name).toBe("Court");
  });
});
