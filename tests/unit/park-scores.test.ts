import { describe, expect, it } from "vitest";
import { dominantAudience, filterRides, readRideFilters, recommendedVisitDuration } from "~/domain/park-scores";
import { searchKey } from "~/domain/search";

describe("recommended visit duration", () => {
  it("is the most frequent among reviews", () => {
    expect(recommendedVisitDuration({ half_day: 1, full_day: 5, two_days: 2 })).toBe("full_day");
    expect(recommendedVisitDuration({ half_day: 4, full_day: 1, two_days: 0 })).toBe("half_day");
  });
  it("goes to the longer visit on a tie, and is unknown without reviews", () => {
    expect(recommendedVisitDuration({ half_day: 3, full_day: 3, two_days: 0 })).toBe("full_day");
    expect(recommendedVisitDuration({ half_day: 0, full_day: 0, two_days: 0 })).toBeNull();
  });
});

describe("audience of an attraction", () => {
  it("is the one its raters chose most; a tie reads as general", () => {
    expect(dominantAudience({ thrill: 5, kids: 1, general: 2 })).toBe("thrill");
    expect(dominantAudience({ thrill: 2, kids: 2, general: 0 })).toBe("general");
    expect(dominantAudience({ thrill: 0, kids: 0, general: 0 })).toBeNull();
  });
});

describe("attraction list filters (docs/rules/catalogue.md#ride-list-of-a-park)", () => {
  const rides = [
    { name: "Zeus", averageRating: 4.5, ratingCount: 10, audience: "thrill" as const },
    { name: "Carrousel", averageRating: 3.1, ratingCount: 4, audience: "kids" as const },
    { name: "Élan", averageRating: null, ratingCount: 0, audience: null },
    { name: "Oziris", averageRating: 4.5, ratingCount: 20, audience: "thrill" as const },
  ];
  it("sort by rating by default (then number of ratings), or by name A-Z", () => {
    expect(filterRides(rides, readRideFilters(new URLSearchParams()), searchKey).map((r) => r.name)).toEqual(["Oziris", "Zeus", "Carrousel", "Élan"]);
    expect(filterRides(rides, readRideFilters(new URLSearchParams("sort=name")), searchKey).map((r) => r.name)).toEqual(["Carrousel", "Élan", "Oziris", "Zeus"]);
  });
  it("search names ignoring accents, and keep one audience", () => {
    expect(filterRides(rides, readRideFilters(new URLSearchParams("q=ELAN")), searchKey).map((r) => r.name)).toEqual(["Élan"]);
    expect(filterRides(rides, readRideFilters(new URLSearchParams("audience=thrill")), searchKey).map((r) => r.name)).toEqual(["Oziris", "Zeus"]);
  });
  it("ignore unknown values in the address", () => {
    expect(readRideFilters(new URLSearchParams("sort=price&audience=adults"))).toEqual({ text: "", sort: "rating", audience: null });
  });
});
