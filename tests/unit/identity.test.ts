import { describe, expect, it } from "vitest";
import { sharePercentBelow, standingCard, type FigureStanding } from "~/domain/figure-standing";
import { formatPercent } from "~/domain/format";
import { SKYLINE_HEIGHT, SKYLINE_WIDTH, skylineShapes, tallestRide } from "~/domain/skyline";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";

const fr = createTranslator("fr", resources.fr);
const en = createTranslator("en", resources.en);
// French puts a no-break space before the percent sign and a narrow one between groups of digits (CLDR).
const NO_BREAK_SPACE = "\u00a0";
const NARROW_NO_BREAK_SPACE = "\u202f";

function standing(overrides: Partial<FigureStanding>): FigureStanding {
  return { figure: "height", siteBelow: 0, siteTotal: 0, parkAbove: 0, parkTotal: 0, ...overrides };
}

describe("a ride's figures against the site's and the park's", () => {
  it("rounds the share below down, so that 'taller than' is always true and 100 % means every other ride", () => {
    expect(sharePercentBelow(23, 25)).toBe(92);
    expect(sharePercentBelow(99, 100)).toBe(99);
    expect(sharePercentBelow(199, 200)).toBe(99);
    expect(sharePercentBelow(4, 4)).toBe(100);
    expect(sharePercentBelow(0, 0)).toBe(0);
  });

  it("writes percentages the French way in French and the English way in English", () => {
    expect(formatPercent(0.92, "fr")).toBe(`92${NO_BREAK_SPACE}%`);
    expect(formatPercent(0.92, "en")).toBe("92%");
  });

  it("says how a figure compares with the site's rides of the type and ranks it in its park", () => {
    const card = standingCard([standing({ siteBelow: 23, siteTotal: 25, parkAbove: 1, parkTotal: 13 })], "roller_coaster", fr, "fr");
    expect(card).toEqual({
      id: "standing",
      facts: [{ label: "height", value: { text: `Plus haute que 92${NO_BREAK_SPACE}% des montagnes russes du site · Rang au parc : 2 sur 14` } }],
    });
    const english = standingCard([standing({ figure: "maxSpeed", siteBelow: 1, siteTotal: 3, parkTotal: 1 })], "water_ride", en, "en");
    expect(english!.facts[0]!.value).toEqual({ text: "Faster than 33% of the site's water rides · Rank in the park: 1 of 2" });
  });

  it("writes a park of thousands of rides with French digit grouping", () => {
    const card = standingCard([standing({ parkAbove: 1499, parkTotal: 1999 })], "flat_ride", fr, "fr");
    expect(card!.facts[0]!.value).toEqual({ text: `Rang au parc : 1${NARROW_NO_BREAK_SPACE}500 sur 2${NARROW_NO_BREAK_SPACE}000` });
  });

  it("says nothing of a share too small to mean anything, or of a ride below every other", () => {
    // Two other coasters: too few to make a percentage of; no other ride in the park: no rank. No card at all.
    expect(standingCard([standing({ siteBelow: 2, siteTotal: 2 })], "roller_coaster", fr, "fr")).toBeNull();
    // Beating none: no 'taller than 0 %', only the rank; a figure with nothing to say is left out.
    const card = standingCard(
      [standing({ siteBelow: 0, siteTotal: 40, parkTotal: 3, parkAbove: 3 }), standing({ figure: "duration", siteTotal: 1, siteBelow: 1 })],
      "roller_coaster",
      en,
      "en",
    );
    expect(card!.facts).toEqual([{ label: "height", value: { text: "Rank in the park: 4 of 4" } }]);
  });
});

describe("a park's skyline", () => {
  const rides = [
    { name: "A", type: "roller_coaster" as const, height: 60 },
    { name: "B", type: "dark_ride" as const, height: 15 },
    { name: "C", type: "kids_ride" as const, height: 0.5 },
    { name: "D", type: "flat_ride" as const, height: 60 },
  ];

  it("gives every ride an equal slot in the given order, the tallest reaching the top margin, none invisible", () => {
    const shapes = skylineShapes(rides);
    expect(shapes.map((shape) => shape.kind)).toEqual(["peak", "dome", "tower", "tower"]);
    expect(shapes.map((shape) => shape.x)).toEqual([68, 268, 468, 668]);
    expect(shapes.every((shape) => shape.width === 64)).toBe(true);
    expect(shapes[0]!.top).toBe(8);
    expect(shapes[3]!.top).toBe(8);
    expect(shapes[1]!.top).toBe(SKYLINE_HEIGHT - 38);
    // Half a metre next to 60 m would be under a pixel: drawn at the least height instead.
    expect(shapes[2]!.top).toBe(SKYLINE_HEIGHT - 6);
  });

  it("narrows the rides of a large park so that they stay within the frame", () => {
    const many = Array.from({ length: 50 }, (_, index) => ({ name: String(index), type: "show" as const, height: index + 1 }));
    const shapes = skylineShapes(many);
    const last = shapes.at(-1)!;
    expect(last.x + last.width).toBeLessThanOrEqual(SKYLINE_WIDTH);
    expect(shapes[0]!.x).toBeGreaterThanOrEqual(0);
    expect(last.width).toBeCloseTo(12.8);
  });

  it("draws nothing for a park without heights, and names the first of equally tall rides", () => {
    expect(skylineShapes([])).toEqual([]);
    expect(tallestRide([])).toBeNull();
    expect(tallestRide(rides)!.name).toBe("A");
  });
});
