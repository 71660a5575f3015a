import { describe, expect, it } from "vitest";
import { kendallTauB } from "~/domain/kendall-tau";

describe("kendallTauB", () => {
  it("is 1 for the same order, −1 for the reverse, whatever the scale", () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [0.4, 0.3, 0.2, 0.1])).toBe(-1);
  });

  it("takes ties out of the denominator (tau-b), as computed independently", () => {
    // Reference values computed with SciPy's kendalltau (tau-b) on the same lists.
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.4714045207910317, 12);
    expect(kendallTauB([1, 2, 2, 3, 4, 4, 5], [2, 1, 3, 3, 5, 4, 4])).toBeCloseTo(0.6842105263157894, 12);
  });

  it("is NaN when a scoring ties every pair, and refuses lists of different lengths", () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(() => kendallTauB([1, 2], [1])).toThrow();
  });
});
