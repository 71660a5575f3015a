import type { FieldMessage, NumberRule } from "./form-values";

/**
 * The limits the contribution pages show in their fields (the browser's own
 * hints) and the live name check uses, apart from the forms' rules, which the
 * contribute page loads once the form is in use (decision 0015).
 */

/** The earliest opening year of a park or an attraction (docs/rules/catalogue.md#park-form-rules). */
export const FIRST_OPENING_YEAR = 1800;
export const PARK_NAME_MAX = 120;
/** The live duplicate-name check starts at this many characters. */
export const DUPLICATE_CHECK_MIN_LENGTH = 3;

/**
 * How far from its park's own location a ride may be placed (docs/rules/catalogue.md#ride-position), which the
 * position's hint says and location.ts checks. The largest theme parks measure one to two kilometres across, and a
 * park's stated location may be its entrance or its car park rather than its middle: 3 km takes every ride of such a
 * park, and still refuses what a slip gives — latitude and longitude swapped, a wrong sign, a wrong first decimal
 * (about 11 km of latitude), another park's position.
 */
export const RIDE_DISTANCE_FROM_PARK_KM = 3;

/** The opening year rule of parks and rides: 1800 to the current year, in the product's words (docs/rules/catalogue.md#park-form-rules). */
export function openingYearRule(currentYear: number): NumberRule {
  const range: FieldMessage = { key: "contribute.errors.openingYear", values: { year: currentYear } };
  return { min: FIRST_OPENING_YEAR, max: currentYear, decimals: 0, messages: { range } };
}
