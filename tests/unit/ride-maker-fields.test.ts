import { describe, expect, it } from "vitest";
import { checkAdminRideForm } from "~/domain/admin-ride-form";
import { checkRideForm } from "~/domain/ride-form";
import { MANUFACTURER_SLUGS, RIDE_MANUFACTURERS, manufacturerIdOf, manufacturerNameOf, manufacturerSlugOf } from "~/domain/manufacturer-list";
import { RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { slugify } from "~/domain/slug";
import { RIDE_SUGGESTION_FIELDS, changedValues, type RideValues } from "~/domain/suggested-changes";
import { checkRideSuggestionForm } from "~/domain/suggestion-forms";

/** A ride's maker and model in the forms (decisions 0051, 0052): read from the declaration like every field. */
const YEAR = 2026;
const ride = { name: "Bobsleigh", type: "roller_coaster" };

describe("the reference list in the forms", () => {
  it("holds each maker once, its slug its name's, its id its position", () => {
    expect(new Set(MANUFACTURER_SLUGS).size).toBe(RIDE_MANUFACTURERS.length);
    for (const maker of RIDE_MANUFACTURERS) expect(maker.slug).toBe(slugify(maker.name));
    expect(manufacturerSlugOf(manufacturerIdOf("vekoma"))).toBe("vekoma");
    expect(manufacturerSlugOf(null)).toBeNull();
    expect(manufacturerSlugOf(9999)).toBeNull();
    expect(manufacturerNameOf("bolliger-mabillard")).toBe("Bolliger & Mabillard");
  });
});

describe("the add-ride form and the back office's edit", () => {
  it("take a maker of the list and a model, both optional", () => {
    const checked = checkRideForm({ ...ride, manufacturer: "gerstlauer", model: " Bobsled Coaster " }, YEAR);
    expect(checked).toMatchObject({ ok: true, data: { manufacturer: "gerstlauer", model: "Bobsled Coaster" } });
    expect(checkRideForm({ ...ride, manufacturer: "", model: "  " }, YEAR)).toMatchObject({ ok: true, data: { manufacturer: null, model: null } });
    expect(checkRideForm(ride, YEAR)).toMatchObject({ ok: true, data: { manufacturer: null, model: null } });
  });

  it("refuse a maker outside the list and a model too long, with their messages", () => {
    const checked = checkRideForm({ ...ride, manufacturer: "acme", model: "x".repeat(RIDE_MODEL_MAX_LENGTH + 1) }, YEAR);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.manufacturer).toEqual([{ key: "contribute.errors.manufacturerUnknown" }]);
    expect(checked.errors.model).toEqual([{ key: "contribute.errors.tooLong", values: { max: RIDE_MODEL_MAX_LENGTH } }]);
    const admin = checkAdminRideForm({ ...ride, status: "operating", manufacturer: "Mack Rides" }, YEAR);
    expect(admin.ok ? null : admin.errors.manufacturer).toEqual([{ key: "contribute.errors.manufacturerUnknown" }]);
  });
});

describe("the edit suggestion", () => {
  const current: RideValues = {
    name: "Bobsleigh",
    type: "roller_coaster",
    manufacturer: "gerstlauer",
    model: "Bobsled Coaster",
    status: "operating",
    descriptionFr: null,
    descriptionEn: null,
    minHeightAlone: null,
    minHeightForbidden: null,
    duration: null,
    capacityPerHour: null,
    openingYear: null,
    trackLength: null,
    height: null,
    inversions: null,
    maxSpeed: null,
    videoId: null,
    latitude: null,
    longitude: null,
    imageUrl: null,
  };

  it("proposes another maker and model, or none, and sees only what changed", () => {
    const other = checkRideSuggestionForm({ manufacturer: "zierer", model: "Tivoli", reason: "Plaque" }, YEAR);
    expect(other).toMatchObject({ ok: true, data: { proposed: { manufacturer: "zierer", model: "Tivoli" } } });
    if (other.ok) expect(changedValues(current, other.data.proposed as Partial<RideValues>, RIDE_SUGGESTION_FIELDS)).toEqual({ manufacturer: "zierer", model: "Tivoli" });
    const cleared = checkRideSuggestionForm({ manufacturer: "", model: "Bobsled Coaster", reason: "Inconnu" }, YEAR);
    expect(cleared).toMatchObject({ ok: true, data: { proposed: { manufacturer: null } } });
    if (cleared.ok) expect(changedValues(current, cleared.data.proposed as Partial<RideValues>, RIDE_SUGGESTION_FIELDS)).toEqual({ manufacturer: null });
    const unknown = checkRideSuggestionForm({ manufacturer: "acme", reason: "?" }, YEAR);
    expect(unknown.ok ? null : unknown.errors.manufacturer).toEqual([{ key: "contribute.errors.manufacturerUnknown" }]);
  });
});
