import { describe, expect, it } from "vitest";
import { packRows, unpackRows } from "~/domain/packed-rows";

describe("packed rows (decision 0063)", () => {
  it("carries the field names once and gives back the same records", () => {
    const records = [
      { name: "Tiki-Waka", slug: "tiki-waka", wins: 8, rating: null },
      { name: "Black Mamba", slug: "black-mamba", wins: 0, rating: 4.5 },
    ];
    const packed = packRows(records);
    expect(packed).toEqual({ fields: ["name", "slug", "wins", "rating"], rows: [["Tiki-Waka", "tiki-waka", 8, null], ["Black Mamba", "black-mamba", 0, 4.5]] });
    expect(unpackRows(packed)).toEqual(records);
  });

  it("packs an empty list", () => {
    expect(unpackRows(packRows<{ name: string }>([]))).toEqual([]);
  });
});
