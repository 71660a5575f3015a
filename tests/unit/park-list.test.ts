import { describe, expect, it } from "vitest";
import { parkListSearch, readParkListFilters, toggledMinRating, withoutOrigin } from "~/domain/park-list";

describe("park list filters in the address", () => {
  it("read defaults and ignore nonsense", () => {
    expect(readParkListFilters(new URLSearchParams("sort=price&min=9&page=-2&region=Nord"))).toEqual({
      country: null,
      region: null,
      minRating: 0,
      sort: "rating",
      page: 1,
      near: null,
      town: null,
    });
  });
  it("round-trip, leaving defaults out", () => {
    const filters = readParkListFilters(new URLSearchParams("country=France&region=Grand+Est&min=3&sort=thrill&page=2"));
    expect(parkListSearch(filters)).toBe("?country=France&region=Grand+Est&min=3&sort=thrill&page=2");
    expect(parkListSearch(readParkListFilters(new URLSearchParams()))).toBe("");
  });
  it("read a distance origin: a position rounded to 3 decimals, or a typed town; sort by distance only with one", () => {
    expect(readParkListFilters(new URLSearchParams("near=48.85661,2.35222&sort=distance"))).toMatchObject({
      near: { latitude: 48.857, longitude: 2.352 },
      town: null,
      sort: "distance",
    });
    expect(readParkListFilters(new URLSearchParams("town=++Saint-%C3%89tienne++&sort=distance"))).toMatchObject({
      near: null,
      town: "Saint-Étienne",
      sort: "distance",
    });
    // The position wins over a town; a town is bounded in length.
    expect(readParkListFilters(new URLSearchParams("near=45,5&town=Lyon")).town).toBeNull();
    expect(readParkListFilters(new URLSearchParams(`town=${"a".repeat(300)}`)).town).toHaveLength(80);
  });
  it("ignore junk origins, and a distance sort without one", () => {
    for (const near of ["", "abc", "48.8", "48.8,", "91,2", "45,181", "1e3,2", "48.8;2.3", "NaN,NaN", "45,5,6"]) {
      expect(readParkListFilters(new URLSearchParams({ near, sort: "distance" }))).toMatchObject({ near: null, sort: "rating" });
    }
    expect(readParkListFilters(new URLSearchParams("town=+++&sort=distance"))).toMatchObject({ town: null, sort: "rating" });
    expect(readParkListFilters(new URLSearchParams("near=-33.9,-70.7")).near).toEqual({ latitude: -33.9, longitude: -70.7 });
  });
  it("keep the origin through paging and the other filters, and clear it with the distance sort", () => {
    const near = readParkListFilters(new URLSearchParams("country=France&min=4&near=48.857,2.352&sort=distance&page=3"));
    expect(parkListSearch(near)).toBe("?country=France&min=4&near=48.857,2.352&sort=distance&page=3");
    expect(parkListSearch({ ...near, page: 4 })).toContain("near=48.857,2.352");
    const town = readParkListFilters(new URLSearchParams("town=G%C3%B6teborg&sort=thrill"));
    expect(parkListSearch(town)).toBe("?town=G%C3%B6teborg&sort=thrill");
    expect(parkListSearch(withoutOrigin(near))).toBe("?country=France&min=4");
    expect(parkListSearch(withoutOrigin(town))).toBe("?sort=thrill");
  });
  it("reset the minimum rating when its current star is clicked again", () => {
    expect(toggledMinRating(3, 3)).toBe(0);
    expect(toggledMinRating(3, 4)).toBe(4);
    expect(toggledMinRating(0, 2)).toBe(2);
  });
});
