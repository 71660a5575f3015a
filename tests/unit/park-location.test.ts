import { describe, expect, it } from "vitest";
import { checkAdminParkForm } from "~/domain/admin-park-form";
import { FormReader } from "~/domain/form-values";
import { formatCoordinate, readCoordinate, readParkLocation, type LocationField } from "~/domain/park-location";
import { checkParkForm } from "~/domain/park-form";

const YEAR = 2026;
const validPark = { name: "Parc Test", region: "Oise", country: "France", descriptionFr: "Un parc.", descriptionEn: "" };
const keysOf = (messages: Array<{ key: string }> | undefined) => messages?.map((message) => message.key);

function read(values: Record<string, string>) {
  const form = new FormReader<LocationField>(values);
  const location = readParkLocation(form, values);
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
