import { describe, expect, it } from "vitest";
import {
  RIDE_SUGGESTION_FIELDS,
  PARK_SUGGESTION_FIELDS,
  changedValues,
  suggestionChanges,
  withWholeLocation,
  type RideValues,
  type ParkValues,
} from "~/domain/suggested-changes";
import { inputValue } from "~/domain/suggestion-page";

const park: ParkValues = {
  name: "Parc Astérix",
  descriptionFr: "Un parc gaulois.",
  descriptionEn: null,
  openingYear: 1989,
  adultPrice: 62,
  childPrice: 54.5,
  openingHours: "10h00 - 18h00",
  region: "Hauts-de-France",
  country: "France",
  latitude: 49.1341,
  longitude: 2.5708,
  imageUrl: null,
};

const ride: RideValues = {
  name: "Tonnerre 2 Zeus",
  type: "roller_coaster",
  manufacturer: "custom-coasters-international",
  model: null,
  descriptionFr: null,
  descriptionEn: "A wooden coaster.",
  minHeightAlone: 120,
  minHeightForbidden: null,
  duration: 110,
  capacityPerHour: null,
  openingYear: 1997,
  trackLength: 1233,
  height: 30.5,
  inversions: 0,
  maxSpeed: 80,
  videoId: null,
  latitude: null,
  longitude: null,
  status: "operating",
  imageUrl: null,
};

describe("changedValues (the suggestion's diff)", () => {
  it("is empty when the form sends the values back as they were", () => {
    const same = { ...park, adultPrice: 62.0, descriptionEn: "  ", openingHours: " 10h00 - 18h00 " } as Partial<ParkValues>;
    expect(changedValues(park, same, PARK_SUGGESTION_FIELDS)).toEqual({});
  });

  it("keeps only the changed fields, in the fields' order", () => {
    const changes = changedValues(park, { childPrice: 56, name: "Parc Astérix", descriptionFr: "Par Toutatis !", adultPrice: 64.5 }, PARK_SUGGESTION_FIELDS);
    expect(changes).toEqual({ descriptionFr: "Par Toutatis !", adultPrice: 64.5, childPrice: 56 });
    expect(Object.keys(changes)).toEqual(["descriptionFr", "adultPrice", "childPrice"]);
  });

  it("counts a value emptied (null) or filled in as a change, and ignores fields left out", () => {
    const changes = changedValues(ride, { height: null, capacityPerHour: 1300, inversions: 0, videoId: undefined }, RIDE_SUGGESTION_FIELDS);
    expect(changes).toEqual({ height: null, capacityPerHour: 1300 });
  });

  it("sees a new type or status", () => {
    expect(changedValues(ride, { type: "water_ride", status: "removed" }, RIDE_SUGGESTION_FIELDS)).toEqual({ type: "water_ride", status: "removed" });
  });

  it("ignores fields outside the list it is given", () => {
    expect(changedValues(park, { imageUrl: "x" }, ["name"])).toEqual({});
  });
});

describe("withWholeLocation (a location is one fact)", () => {
  it("carries both coordinates when either changed", () => {
    const proposed = { latitude: 49.1341, longitude: 2.58 };
    const changes = changedValues(park, proposed, PARK_SUGGESTION_FIELDS);
    expect(changes).toEqual({ longitude: 2.58 });
    expect(withWholeLocation(park, changes, proposed)).toEqual({ latitude: 49.1341, longitude: 2.58 });
    expect(suggestionChanges("park", park, { adultPrice: 64, ...proposed })).toEqual({ adultPrice: 64, latitude: 49.1341, longitude: 2.58 });
  });

  it("leaves the changes alone when the location did not change or was not proposed", () => {
    expect(withWholeLocation(park, { name: "Parc" }, { name: "Parc", latitude: 49.1341, longitude: 2.5708 })).toEqual({ name: "Parc" });
    expect(withWholeLocation(park, { name: "Parc" }, { name: "Parc" })).toEqual({ name: "Parc" });
  });

  it("sees no change in a pair that differs only beyond the six decimals a form keeps", () => {
    const precise = { ...park, latitude: 49.13410000004, longitude: 2.57079999996 };
    expect(suggestionChanges("park", precise, { latitude: 49.1341, longitude: 2.5708 })).toEqual({});
    const nowhere = { ...park, latitude: null, longitude: null };
    expect(suggestionChanges("park", nowhere, { latitude: 49.1341, longitude: 2.5708 })).toEqual({ latitude: 49.1341, longitude: 2.5708 });
  });
});

describe("inputValue (the form's starting values)", () => {
  it("shows numbers with a dot, prices with their cents, and nothing for an unknown value", () => {
    expect(inputValue("adultPrice", 54.5)).toBe("54.50");
    expect(inputValue("height", 30.5)).toBe("30.5");
    expect(inputValue("openingYear", 1989)).toBe("1989");
    expect(inputValue("longitude", -81.549401)).toBe("-81.549401");
    expect(inputValue("duration", null)).toBe("");
    expect(inputValue("name", "Parc Astérix")).toBe("Parc Astérix");
  });
});
