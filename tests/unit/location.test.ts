import { describe, expect, it } from "vitest";
import { checkAdminParkForm } from "~/domain/admin-park-form";
import { FormReader } from "~/domain/form-values";
import { formatCoordinate, readCoordinate, readLocation, type LocationField } from "~/domain/location";
import { checkParkForm } from "~/domain/park-form";
import { checkAdminRideForm } from "~/domain/admin-ride-form";
import { distanceKm } from "~/domain/distance";
import { RIDE_DISTANCE_FROM_PARK_KM } from "~/domain/contribution-limits";
import { rideTooFarFromPark } from "~/domain/location";
import { checkRideForm } from "~/domain/ride-form";
import { suggestionChanges, type RideValues } from "~/domain/suggested-changes";
import { checkRideSuggestionForm } from "~/domain/suggestion-forms";

const YEAR = 2026;
const validPark = { name: "Parc Test", region: "Oise", country: "France", descriptionFr: "Un parc.", descriptionEn: "" };
const keysOf = (messages: Array<{ key: string }> | undefined) => messages?.map((message) => message.key);

function read(values: Record<string, string>) {
  const form = new FormReader<LocationField>(values);
  const location = readLocation(form, values);
  return { location, check: form.result(location) };
}

describe("a coordinate as typed", () => {
  it("reads decimal degrees with a dot or a French comma, and a minus sign typed or copied", () => {
    expect(readCoordinate(" 48,8722 ", "latitude")).toEqual({ ok: true, value: 48.8722 });
    expect(readCoordinate("2.7758", "longitude")).toEqual({ ok: true, value: 2.7758 });
    expect(readCoordinate("-81.5494", "longitude")).toEqual({ ok: true, value: -81.5494 });
    expect(readCoordinate("\u221233,9", "latitude")).toEqual({ ok: true, value: -33.9 });
    expect(readCoordinate("   ", "latitude")).toEqual({ ok: true, value: null });
  });

  it("keeps six decimals, rounding what a map's copy gives beyond them", () => {
    expect(readCoordinate("48.87221234567", "latitude")).toEqual({ ok: true, value: 48.872212 });
    // Rounded to zero from below: a plain 0, not -0 (which would show as "-0").
    const tiny = readCoordinate("-0.0000001", "longitude");
    expect(tiny.ok && Object.is(tiny.value, 0)).toBe(true);
  });

  it("accepts the bounds themselves and refuses beyond them, each axis with its message", () => {
    for (const text of ["90", "-90", "0"]) expect(readCoordinate(text, "latitude").ok).toBe(true);
    for (const text of ["180", "-180"]) expect(readCoordinate(text, "longitude").ok).toBe(true);
    for (const text of ["90.000001", "-91", "120"]) expect(readCoordinate(text, "latitude")).toEqual({ ok: false, error: { key: "contribute.errors.latitudeRange" } });
    for (const text of ["180.5", "-181"]) expect(readCoordinate(text, "longitude")).toEqual({ ok: false, error: { key: "contribute.errors.longitudeRange" } });
  });

  it("gives the forms' 'not a number' message to anything else", () => {
    for (const text of ["48°52'N", "48.8722, 2.7758", "1e2", "abc", "--4", "4."]) {
      expect(readCoordinate(text, "latitude")).toEqual({ ok: false, error: { key: "contribute.errors.notANumber" } });
    }
  });
});

describe("the location pair (both or neither)", () => {
  it("is both values, or both null when both fields are empty or absent", () => {
    expect(read({ latitude: "48,8722", longitude: "2,7758" }).location).toEqual({ latitude: 48.8722, longitude: 2.7758 });
    expect(read({ latitude: "", longitude: " " }).location).toEqual({ latitude: null, longitude: null });
    expect(read({}).location).toEqual({ latitude: null, longitude: null });
  });

  it("says 'both or neither' on the field left empty", () => {
    const onlyLatitude = read({ latitude: "48.8722", longitude: "" }).check;
    expect(!onlyLatitude.ok && onlyLatitude.errors).toEqual({ longitude: [{ key: "contribute.errors.locationPair" }] });
    const onlyLongitude = read({ longitude: "2.7758" }).check;
    expect(!onlyLongitude.ok && onlyLongitude.errors).toEqual({ latitude: [{ key: "contribute.errors.locationPair" }] });
  });

  it("gives each field its own message, and no pair message on top", () => {
    const check = read({ latitude: "95", longitude: "abc" }).check;
    expect(!check.ok && check.errors).toEqual({
      latitude: [{ key: "contribute.errors.latitudeRange" }],
      longitude: [{ key: "contribute.errors.notANumber" }],
    });
    const half = read({ latitude: "", longitude: "200" }).check;
    expect(!half.ok && half.errors).toEqual({ longitude: [{ key: "contribute.errors.longitudeRange" }] });
  });

  it("shows a coordinate in the page's language with every kept decimal", () => {
    expect(formatCoordinate(48.872212, "fr")).toBe("48,872212");
    expect(formatCoordinate(-81.5494, "en")).toBe("-81.5494");
  });
});

describe("the park forms read the location (contribution and admin edit)", () => {
  it("stores the pair, or none", () => {
    const located = checkParkForm({ ...validPark, latitude: "49,1341", longitude: "2,5708" }, YEAR);
    expect(located.ok && [located.data.latitude, located.data.longitude]).toEqual([49.1341, 2.5708]);
    const nowhere = checkParkForm(validPark, YEAR);
    expect(nowhere.ok && [nowhere.data.latitude, nowhere.data.longitude]).toEqual([null, null]);
    const edited = checkAdminParkForm({ ...validPark, latitude: "-33.8", longitude: "151.2" }, YEAR);
    expect(edited.ok && edited.data).toMatchObject({ latitude: -33.8, longitude: 151.2 });
  });

  it("refuses a bad location with the other fields' messages", () => {
    const read = checkParkForm({ ...validPark, name: "", latitude: "91", longitude: "" }, YEAR);
    expect(!read.ok && [keysOf(read.errors.name), keysOf(read.errors.latitude), read.errors.longitude]).toEqual([
      ["contribute.errors.parkNameRequired"],
      ["contribute.errors.latitudeRange"],
      undefined,
    ]);
    const edit = checkAdminParkForm({ ...validPark, latitude: "", longitude: "2.5" }, YEAR);
    expect(!edit.ok && keysOf(edit.errors.latitude)).toEqual(["contribute.errors.locationPair"]);
  });
});

// A ride's position in its park (docs/rules/catalogue.md#ride-position): the park's pair, and one rule of its own.
const ASTERIX = { latitude: 49.1342, longitude: 2.5714 };
const validRide = { name: "Tonnerre 2 Zeus", type: "roller_coaster" };

describe("the distance between two points (haversine)", () => {
  it("measures a degree of latitude, a degree of longitude shrunk by its latitude, and nothing between a point and itself", () => {
    expect(distanceKm({ latitude: 49, longitude: 2 }, { latitude: 50, longitude: 2 })).toBeCloseTo(111.195, 2);
    expect(distanceKm({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 })).toBeCloseTo(55.6, 1);
    expect(distanceKm(ASTERIX, ASTERIX)).toBe(0);
    // Parc Astérix to Disneyland Paris, both ways: about 33 km.
    const disney = { latitude: 48.8722, longitude: 2.7758 };
    expect(distanceKm(ASTERIX, disney)).toBeCloseTo(distanceKm(disney, ASTERIX), 9);
    expect(distanceKm(ASTERIX, disney)).toBeGreaterThan(32);
    expect(distanceKm(ASTERIX, disney)).toBeLessThan(34);
  });
});

describe("a ride's position within 3 km of its park's", () => {
  const north = (km: number) => ({ latitude: ASTERIX.latitude + km / 111.195, longitude: ASTERIX.longitude });

  it("takes a position up to 3 km from the park's, and refuses one beyond with its message", () => {
    expect(RIDE_DISTANCE_FROM_PARK_KM).toBe(3);
    expect(rideTooFarFromPark(north(0.4), ASTERIX)).toBeNull();
    expect(rideTooFarFromPark(north(2.99), ASTERIX)).toBeNull();
    expect(rideTooFarFromPark(north(3.01), ASTERIX)).toEqual({ key: "contribute.errors.positionTooFar", values: { km: 3 } });
    // The slips it is for: a wrong first decimal, latitude and longitude swapped, a wrong sign.
    expect(rideTooFarFromPark({ latitude: 49.2342, longitude: 2.5714 }, ASTERIX)).not.toBeNull();
    expect(rideTooFarFromPark({ latitude: 2.5714, longitude: 49.1342 }, ASTERIX)).not.toBeNull();
    expect(rideTooFarFromPark({ latitude: 49.1342, longitude: -2.5714 }, ASTERIX)).not.toBeNull();
  });

  it("says nothing when the ride or its park has no position", () => {
    expect(rideTooFarFromPark({ latitude: null, longitude: null }, ASTERIX)).toBeNull();
    expect(rideTooFarFromPark({ latitude: 10, longitude: 10 }, { latitude: null, longitude: null })).toBeNull();
  });
});

describe("the ride forms read the position as the park forms read the location", () => {
  it("stores the pair, or none, in the add-ride form and the admin edit", () => {
    const placed = checkRideForm({ ...validRide, latitude: "49,1351", longitude: "2,5748" }, YEAR);
    expect(placed.ok && [placed.data.latitude, placed.data.longitude]).toEqual([49.1351, 2.5748]);
    const nowhere = checkRideForm(validRide, YEAR);
    expect(nowhere.ok && [nowhere.data.latitude, nowhere.data.longitude]).toEqual([null, null]);
    const edited = checkAdminRideForm({ ...validRide, status: "operating", latitude: "49.13512345", longitude: "2.5748" }, YEAR);
    expect(edited.ok && edited.data).toMatchObject({ latitude: 49.135123, longitude: 2.5748 });
  });

  it("refuses half a pair, or a coordinate out of range, with the park's messages", () => {
    const half = checkRideForm({ ...validRide, latitude: "49.1351", longitude: "" }, YEAR);
    expect(!half.ok && half.errors).toEqual({ longitude: [{ key: "contribute.errors.locationPair" }] });
    const edit = checkAdminRideForm({ ...validRide, status: "operating", latitude: "", longitude: "200" }, YEAR);
    expect(!edit.ok && keysOf(edit.errors.longitude)).toEqual(["contribute.errors.longitudeRange"]);
  });

  it("proposes a new position in a suggestion, unknown when both are emptied, and nothing when the form does not hold them", () => {
    const base = { ...validRide, status: "operating", reason: "Vu sur place" };
    const moved = checkRideSuggestionForm({ ...base, latitude: "49.1351", longitude: "2.5748" }, YEAR);
    expect(moved.ok && moved.data.proposed).toMatchObject({ latitude: 49.1351, longitude: 2.5748 });
    const cleared = checkRideSuggestionForm({ ...base, latitude: " ", longitude: "" }, YEAR);
    expect(cleared.ok && cleared.data.proposed).toMatchObject({ latitude: null, longitude: null });
    const absent = checkRideSuggestionForm(base, YEAR);
    expect(absent.ok && "latitude" in absent.data.proposed).toBe(false);
    const half = checkRideSuggestionForm({ ...base, latitude: "49.1351", longitude: "" }, YEAR);
    expect(!half.ok && keysOf(half.errors.longitude)).toEqual(["contribute.errors.locationPair"]);
  });

  it("carries the whole pair when a suggestion moves either coordinate, and no change within the six decimals", () => {
    const current = { name: "Tonnerre 2 Zeus", latitude: 49.1351, longitude: 2.5748 } as RideValues;
    expect(suggestionChanges("attraction", current, { latitude: 49.1352, longitude: 2.5748 })).toEqual({ latitude: 49.1352, longitude: 2.5748 });
    expect(suggestionChanges("attraction", { ...current, latitude: 49.13510000004 }, { latitude: 49.1351, longitude: 2.5748 })).toEqual({});
    expect(suggestionChanges("attraction", current, { latitude: null, longitude: null })).toEqual({ latitude: null, longitude: null });
  });
});
