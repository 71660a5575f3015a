import { RIDE_STATUSES, RIDE_TYPES } from "./ride-types";
import { EVERY_FORM, fieldsOf, type CatalogueField } from "./catalogue-field";
import type { NumberRule } from "./form-values";
import { MANUFACTURER_SLUGS } from "./manufacturer-list";
import { DESCRIPTION_FIELDS } from "./park-fields";
import { RIDE_MODEL_MAX_LENGTH } from "./ride-manufacturers";

/** Minimums are the product's (docs/rules/catalogue.md#ride-form-rules); maximums are ours, generous bounds that keep typing slips (and database overflows) out. */
export const RIDE_NAME_MAX = 120;

const whole = (min: number, max: number): NumberRule => ({ min, max, decimals: 0 });
const tenths = (min: number, max: number): NumberRule => ({ min, max, decimals: 1 });

/**
 * A ride's fields, as PARK_FIELDS declares a park's (decision 0051), in the order the forms show
 * them. The API's ride summary (name, type, status) stays hand-written, beside the aggregates.
 */
export const RIDE_FIELDS = {
  name: {
    kind: "text",
    max: RIDE_NAME_MAX,
    required: "contribute.errors.attractionNameRequired",
    label: "contribute.attraction.name",
    forms: EVERY_FORM,
  },
  // Stored as its id (rideTypeId), in type_id.
  type: {
    kind: "choice",
    choices: RIDE_TYPES,
    message: "contribute.errors.typeRequired",
    label: "contribute.attraction.type",
    forms: EVERY_FORM,
    column: "typeId",
  },
  // A maker of the reference list (decision 0052), by slug; stored as its id, in manufacturer_id. The API
  // gives it as an object ({slug, name}) in the ride's summary, beside the model: hand-written there.
  manufacturer: {
    kind: "choice",
    choices: MANUFACTURER_SLUGS,
    optional: true,
    message: "contribute.errors.manufacturerUnknown",
    label: "contribute.attraction.manufacturer",
    forms: EVERY_FORM,
    column: "manufacturerId",
  },
  model: {
    kind: "text",
    max: RIDE_MODEL_MAX_LENGTH,
    label: "contribute.attraction.model",
    forms: EVERY_FORM,
  },
  // A new ride is operating: only an edit says it is gone.
  status: {
    kind: "choice",
    choices: RIDE_STATUSES,
    message: "admin.attractions.errors.statusRequired",
    label: "suggestions.form.status",
    forms: ["suggestion", "adminEdit"],
  },
  ...DESCRIPTION_FIELDS,
  minHeightAlone: {
    kind: "number",
    rule: whole(0, 250),
    label: "contribute.attraction.minHeightAlone",
    forms: EVERY_FORM,
    api: { name: "minHeightAloneCm", type: "int" },
  },
  minHeightForbidden: {
    kind: "number",
    rule: whole(0, 250),
    label: "contribute.attraction.minHeightForbidden",
    forms: EVERY_FORM,
    api: { name: "minHeightForbiddenCm", type: "int" },
  },
  duration: {
    kind: "number",
    rule: whole(1, 36_000),
    label: "contribute.attraction.duration",
    forms: EVERY_FORM,
    api: { name: "durationSeconds", type: "int" },
  },
  capacityPerHour: {
    kind: "number",
    rule: whole(1, 100_000),
    label: "contribute.attraction.capacityPerHour",
    forms: EVERY_FORM,
    api: { name: "capacityPerHour", type: "int" },
  },
  openingYear: {
    kind: "year",
    label: "contribute.openingYear",
    forms: EVERY_FORM,
    api: { name: "openingYear", type: "int" },
  },
  trackLength: {
    kind: "number",
    rule: whole(0, 100_000),
    label: "contribute.attraction.trackLength",
    forms: EVERY_FORM,
    api: { name: "trackLengthM", type: "int" },
  },
  height: {
    kind: "number",
    rule: tenths(0, 1_000),
    label: "contribute.attraction.height",
    forms: EVERY_FORM,
    api: { name: "heightM", type: "number" },
  },
  inversions: {
    kind: "number",
    rule: whole(0, 100),
    label: "contribute.attraction.inversions",
    forms: EVERY_FORM,
    api: { name: "inversions", type: "int" },
  },
  maxSpeed: {
    kind: "number",
    rule: tenths(0, 500),
    label: "contribute.attraction.maxSpeed",
    forms: EVERY_FORM,
    api: { name: "maxSpeedKmh", type: "number" },
  },
  // The column's name is older than the rule that it holds an id, not an address.
  videoId: {
    kind: "video",
    message: "contribute.errors.videoId",
    label: "contribute.attraction.videoId",
    forms: EVERY_FORM,
    column: "youtubeUrl",
  },
  // Where the ride stands in its park (docs/rules/catalogue.md#ride-position): the park location's pair and one rule
  // of the ride's own, both hand-written (location.ts).
  latitude: {
    kind: "coordinate",
    label: "contribute.latitude",
    forms: EVERY_FORM,
    api: { name: "latitude", type: "number", description: "Where the ride stands in its park, WGS 84 degrees; null when unknown (with longitude)" },
  },
  longitude: {
    kind: "coordinate",
    label: "contribute.longitude",
    forms: EVERY_FORM,
    api: { name: "longitude", type: "number" },
  },
  // The contribution and the back office take a picture as an upload of their own ("image").
  imageUrl: { kind: "image", label: "contribute.image", forms: ["suggestion"] },
} as const satisfies Record<string, CatalogueField>;

export type RideFields = typeof RIDE_FIELDS;

/** The ride's figures typed as numbers, in the order the forms list them, each with its rule. */
export type RideNumberField = { [Name in keyof RideFields]: RideFields[Name] extends { kind: "number" } ? Name : never }[keyof RideFields];
export const RIDE_NUMBER_RULES = Object.fromEntries(
  Object.entries(RIDE_FIELDS).flatMap(([name, field]) => (field.kind === "number" ? [[name, field.rule]] : [])),
) as Record<RideNumberField, NumberRule>;

/** The fields the back office's edit form holds, in order. */
export const RIDE_ADMIN_EDIT_FIELDS = fieldsOf(RIDE_FIELDS, "adminEdit");
