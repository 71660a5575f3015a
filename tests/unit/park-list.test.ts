import { describe, expect, it } from "vitest";
import { parkListSearch, readParkListFilters, toggledMinRating } from "~/domain/park-list";

describe("park list filters in the address", () => {
  it("read defaults and ignore nonsense", () => {
    expect(readParkListFilters(new URLSearchParams("sort=price&min=9&page=-2&region=Nord"))).toEqual({
      country: null,
      region: null,
      minRating: 0,
      sort: "rating",
      page: 1,
    });
  });
  it("round-trip, leaving defaults out", () => {
    const filters = readParkListFilters(new URLSearchParams("country=France&region=Grand+Est&min=3&sort=thrill&page=2"));
    expect(parkListSearch(filters)).toBe("?country=France&region=Grand+Est&min=3&sort=thrill&page=2");
    expect(parkListSearch(readParkListFilters(new URLSearchParams()))).toBe("");
  });
  it("reset the minimum rating when its current star is clicked again", () => {
    expect(toggledMinRating(3, 3)).toBe(0);
    expect(toggledMinRating(3, 4)).toBe(4);
    expect(toggledMinRating(0, 2)).toBe(2);
  });
});
