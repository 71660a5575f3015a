import { EVERY_FORM, fieldsOf, type CatalogueField } from "./catalogue-field";
import { PARK_NAME_MAX } from "./contribution-limits";
import type { NumberRule } from "./form-values";

/** The longest description, in either language, of a park or a ride. */
export const DESCRIPTION_MAX = 5000;
/** The longest region or country name, and opening hours text. */
export const PARK_TEXT_LIMITS = { place: 80, openingHours: 200 } as const;

/** The French and English descriptions: the same two fields on a park and a ride. */
export const DESCRIPTION_FIELDS = {
  descriptionFr: { kind: "description", max: DESCRIPTION_MAX, label: "contribute.descriptionFr", forms: EVERY_FORM },
  descriptionEn: { kind: "description", max: DESCRIPTION_MAX, label: "contribute.descriptionEn", forms: EVERY_FORM },
} as const satisfies Record<string, CatalogueField>;

const PARK_PRICE_RULE: NumberRule = {
  min: 0.01,
  max: 10_000,
  decimals: 2,
  messages: { below: { key: "contribute.errors.priceAboveZero" } },
};

/**
 * Every field of a park that a member or the administrator writes, in the order the forms and the
 * moderation screen show them: the one declaration (decision 0051) from which the forms' checks,
 * the suggestion diff, the back office's edit, the columns the services read and the public API's
 * park detail derive. The API's summary fields (name, country, region, location) stay in its
 * hand-written summary shape, beside the aggregates.
 */
export const PARK_FIELDS = {
  name: {
    kind: "text",
    max: PARK_NAME_MAX,
    required: "contribute.errors.parkNameRequired",
    label: "contribute.name",
    forms: EVERY_FORM,
  },
  region: {
    kind: "text",
    max: PARK_TEXT_LIMITS.place,
    required: "contribute.errors.regionRequired",
    label: "contribute.region",
    forms: EVERY_FORM,
  },
  country: {
    kind: "text",
    max: PARK_TEXT_LIMITS.place,
    required: "contribute.errors.countryRequired",
    label: "contribute.country",
    forms: EVERY_FORM,
  },
  ...DESCRIPTION_FIELDS,
  openingYear: {
    kind: "year",
    label: "contribute.openingYear",
    forms: EVERY_FORM,
    api: { name: "openingYear", type: "int" },
  },
  adultPrice: {
    kind: "number",
    rule: PARK_PRICE_RULE,
    label: "contribute.adultPrice",
    forms: EVERY_FORM,
    api: { name: "adultPrice", type: "number", description: "Euros" },
  },
  childPrice: {
    kind: "number",
    rule: PARK_PRICE_RULE,
    label: "contribute.childPrice",
    forms: EVERY_FORM,
    api: { name: "childPrice", type: "number", description: "Euros" },
  },
  openingHours: {
    kind: "text",
    max: PARK_TEXT_LIMITS.openingHours,
    label: "contribute.openingHours",
    forms: EVERY_FORM,
    api: { name: "openingHours", type: "string" },
  },
  latitude: {
    kind: "coordinate",
    label: "contribute.latitude",
    forms: EVERY_FORM,
  },
  longitude: {
    kind: "coordinate",
    label: "contribute.longitude",
    forms: EVERY_FORM,
  },
  // The contribution and the back office take a picture as an upload of their own ("image").
  imageUrl: { kind: "image", label: "contribute.image", forms: ["suggestion"] },
} as const satisfies Record<string, CatalogueField>;

export type ParkFields = typeof PARK_FIELDS;

/** The fields the back office's edit form holds, in order. */
export const PARK_ADMIN_EDIT_FIELDS = fieldsOf(PARK_FIELDS, "adminEdit");
