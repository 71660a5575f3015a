import { describe, expect, it } from "vitest";
import { API_PARK_SORTS, decodeParkCursor, encodeParkCursor, type ParkCursor } from "~/domain/api-paging";
import { PARK_SORTS } from "~/domain/park-list";

/** The public API's park cursor (decision 0036): opaque to clients, and only ours decode. */
describe("park cursor", () => {
  const id = "b0000001-0000-4000-8000-0000000003e8";

  it("round-trips every sort, a rated and an unrated position, as URL-safe text", () => {
    for (const sort of API_PARK_SORTS) {
      // The rides-count sort's value is a count (an integer column); the others are averages.
      for (const value of sort === "attractions_count" ? [0, 120, null] : [4.35, 0, 120, null]) {
        const cursor: ParkCursor = { sort, value, ratingCount: 17, id };
        const text = encodeParkCursor(cursor);
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeParkCursor(text)).toEqual(cursor);
      }
    }
  });

  it("refuses anything it did not write, without throwing", () => {
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const refused = [
      "",
      "nope!",
      "%%%",
      "✓",
      btoa("not json"),
      encode({ sort: "rating" }),
      encode(["rating", 4, 1]),
      encode(["name", 4, 1, id]),
      encode(["rating", "4", 1, id]),
      encode(["rating", Number.MAX_VALUE, 1, id]),
      encode(["rating", -1, 1, id]),
      encode(["rating", 4, -1, id]),
      encode(["rating", 4, 1.5, id]),
      encode(["rating", 4, 1, "not-a-uuid"]),
      encode(["rating", 4, 1, id.toUpperCase()]),
    ];
    for (const text of refused) expect(decodeParkCursor(text), text).toBeNull();
  });

  it("offers the home page's sorts that order by a column of the park", () => {
    expect(API_PARK_SORTS.length).toBeGreaterThan(0);
    for (const sort of API_PARK_SORTS) expect(PARK_SORTS).toContain(sort);
    expect(API_PARK_SORTS).not.toContain("distance");
  });
});
