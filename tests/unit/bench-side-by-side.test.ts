import { describe, expect, it } from "vitest";
import { costRatio, sideBySideTable, type SideBySideCell, type SideBySideRow } from "../../scripts/bench/side-by-side";

// The server benchmark's table of the public pages anonymous and signed in (docs/benchmarks.md).

const cell = (requestsPerSecond: number, p50: number, queries: number | undefined, bytes: number): SideBySideCell => ({ requestsPerSecond, p50, queries, bytes });

const small: SideBySideRow[] = [
  { name: "home", anonymous: cell(3012.4, 0, 0, 81_920), signedIn: cell(120.2, 30, 7, 83_000) },
  { name: "park (most rated)", anonymous: cell(2500, 1, 0, 117_000), signedIn: cell(40, 90, 9, 120_000) },
];
const large: SideBySideRow[] = [
  { name: "home", anonymous: cell(2900, 1, 0, 81_920), signedIn: cell(80, 45, 7, 83_000) },
  { name: "park (most rated)", anonymous: cell(2400, 1, 0, 117_000), signedIn: cell(39, 91, undefined, 180_000) },
];

const rowOf = (table: string, name: string) =>
  table
    .split("\n")
    .find((line) => line.startsWith(`| ${name} |`))!
    .split("|")
    .slice(2, -1)
    .map((text) => text.trim());

describe("the anonymous and signed-in table of the server benchmark", () => {
  it("puts a visitor's four figures, then the member's, on each page's row", () => {
    const table = sideBySideTable(small);
    expect(table.split("\n")[0]).toBe(
      "| page | anonymous: req/s | anonymous: p50 ms | anonymous: SQL | anonymous: HTML | signed in: req/s | signed in: p50 ms | signed in: SQL | signed in: HTML |",
    );
    expect(rowOf(table, "home")).toEqual(["3,012", "0", "0", "80.0 KB", "120", "30", "7", "81.1 KB"]);
  });

  it("gives each figure small → large with its ratio, and marks the ratios above 1.3", () => {
    const table = sideBySideTable(small, large);
    expect(rowOf(table, "home")).toEqual([
      "3,012 → 2,900 (1.04×)",
      // Both under autocannon's millisecond: no doubling.
      "0 → 1 (1.00×)",
      "0 → 0 (1.00×)",
      "80.0 KB → 80.0 KB (1.00×)",
      "120 → 80 (1.50× ⚠)",
      "30 → 45 (1.50× ⚠)",
      "7 → 7 (1.00×)",
      "81.1 KB → 81.1 KB (1.00×)",
    ]);
    expect(rowOf(table, "park (most rated)").slice(6)).toEqual(["9 → ? (?)", "117.2 KB → 175.8 KB (1.50× ⚠)"]);
  });

  it("reads a cost appearing on large as an infinite ratio", () => {
    expect(costRatio("queries", cell(1, 1, 0, 1), cell(1, 1, 2, 1))).toBe(Infinity);
    expect(sideBySideTable([{ name: "map", anonymous: cell(1, 1, 0, 1), signedIn: cell(1, 1, 0, 1) }], [{ name: "map", anonymous: cell(1, 1, 3, 1), signedIn: cell(1, 1, 0, 1) }])).toContain(
      "0 → 3 (∞ ⚠)",
    );
  });
});
