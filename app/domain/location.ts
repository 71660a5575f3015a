import { RIDE_DISTANCE_FROM_PARK_KM } from "./contribution-limits";
import { distanceKm, type GeoPoint } from "./distance";
import { formatWith } from "./format";
import type { FieldMessage, FormReader, FormValues } from "./form-values";
import type { Language } from "./languages";

/**
 * Where a park is, for the map and the distances (docs/rules/catalogue.md#park-form-rules), and where a ride stands
 * in its park, for the park's plan (docs/rules/catalogue.md#ride-position): a latitude and a longitude in decimal
 * degrees, both or neither, as the `parks_location` and `attractions_position` CHECKs say. The one source of the
 * pair's rule for the six forms that write a park or a ride: "Ajouter un parc" and the park page's add-ride form,
 * the back office's park and ride edits, the park and ride edit suggestions.
 */
export type LocationField = "latitude" | "longitude";
export type LocationPair = GeoPoint | { latitude: null; longitude: null };

const COORDINATE_LIMITS: Record<LocationField, number> = { latitude: 90, longitude: 180 };
/** Six decimals place a park or a ride to about 10 cm: finer is noise from whatever tool it was copied from. */
const COORDINATE_DECIMALS = 6;

const RANGE_MESSAGES: Record<LocationField, FieldMessage> = {
  latitude: { key: "contribute.errors.latitudeRange" },
  longitude: { key: "contribute.errors.longitudeRange" },
};

// A minus sign as typed (-) or as copied from a page (−, U+2212); a dot or the French decimal comma.
const COORDINATE_PATTERN = /^[-\u2212]?\d+(?:[.,]\d+)?$/;

type Coordinate = { ok: true; value: number | null } | { ok: false; error: FieldMessage };

/**
 * One coordinate as typed: empty is null, anything but a decimal number gets
 * the forms' "Saisissez un nombre", out of range its own message. Extra
 * decimals are rounded away rather than refused: a map's "copy coordinates"
 * gives more than the six kept.
 */
export function readCoordinate(raw: string, field: LocationField): Coordinate {
  const text = raw.trim();
  if (text === "") return { ok: true, value: null };
  if (!COORDINATE_PATTERN.test(text)) return { ok: false, error: { key: "contribute.errors.notANumber" } };
  const value = Number(text.replace("\u2212", "-").replace(",", "."));
  if (Math.abs(value) > COORDINATE_LIMITS[field]) return { ok: false, error: RANGE_MESSAGES[field] };
  return { ok: true, value: roundCoordinate(value) };
}

/** A coordinate to the six decimals kept; -0.0000001 rounds to a plain 0, not -0. */
export function roundCoordinate(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS)) || 0;
}

/**
 * Reads both fields into the form's messages: the pair, both null when both
 * are empty, or null when a message was added (each field's own, else "both
 * or neither" on the one left empty).
 */
export function readLocation<Field extends string>(form: FormReader<Field | LocationField>, values: FormValues): LocationPair | null {
  const latitude = readCoordinate(values.latitude ?? "", "latitude");
  const longitude = readCoordinate(values.longitude ?? "", "longitude");
  if (!latitude.ok) form.add("latitude", latitude.error);
  if (!longitude.ok) form.add("longitude", longitude.error);
  if (!latitude.ok || !longitude.ok) return null;
  if (latitude.value === null && longitude.value === null) return { latitude: null, longitude: null };
  if (latitude.value === null || longitude.value === null) {
    form.add(latitude.value === null ? "latitude" : "longitude", { key: "contribute.errors.locationPair" });
    return null;
  }
  return { latitude: latitude.value, longitude: longitude.value };
}

/** A row's or a draft's coordinates, each column as it is stored (the CHECKs keep them both or neither). */
type MaybePlaced = { latitude: number | null; longitude: number | null };

/**
 * The ride-only rule: a ride's position within RIDE_DISTANCE_FROM_PARK_KM of its park's, when both are known; its
 * message (on the latitude, the pair's first field), or null when the rule holds. The server applies it where it
 * has read the park (the browser does not know the park's position: its forms check the pair alone).
 */
export function rideTooFarFromPark(position: MaybePlaced, park: MaybePlaced): FieldMessage | null {
  if (position.latitude === null || position.longitude === null || park.latitude === null || park.longitude === null) return null;
  const distance = distanceKm({ latitude: position.latitude, longitude: position.longitude }, { latitude: park.latitude, longitude: park.longitude });
  if (distance <= RIDE_DISTANCE_FROM_PARK_KM) return null;
  return { key: "contribute.errors.positionTooFar", values: { km: RIDE_DISTANCE_FROM_PARK_KM } };
}

/** A coordinate as the back office shows it: the page language's decimal separator, every kept decimal. */
export function formatCoordinate(value: number, language: Language): string {
  return formatWith(language, { maximumFractionDigits: COORDINATE_DECIMALS }, value);
}
