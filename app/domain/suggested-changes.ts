import { fieldsOf, type FieldsOf, type ValuesOf as FieldValues } from "./catalogue-field";
import { PARK_FIELDS, type ParkFields } from "./park-fields";
import { roundCoordinate } from "./location";
import { RIDE_FIELDS, type RideFields } from "./ride-fields";

/**
 * What an edit suggestion may change (docs/rules/suggestions.md#field-rules): every field of
 * a park or a ride that a member may know, under the names the code uses.
 * `suggested_changes` keeps only the changed ones, `original_values` the
 * target's values of those same fields when the suggestion was made.
 */
export type SuggestionKind = "park" | "attraction";

const SUGGESTION_KINDS: readonly SuggestionKind[] = ["park", "attraction"];

export function isSuggestionKind(value: string): value is SuggestionKind {
  return (SUGGESTION_KINDS as readonly string[]).includes(value);
}

/** The values of a park's and a ride's fields that a suggestion may change, as declared (park-fields.ts, ride-fields.ts). */
export type ParkValues = FieldValues<ParkFields, ParkSuggestionField>;
export type RideValues = FieldValues<RideFields, RideSuggestionField>;

export type ValuesOf<Kind extends SuggestionKind> = Kind extends "park" ? ParkValues : RideValues;

/**
 * The fields in the order the forms and the moderation screen show them: the declared ones a
 * suggestion takes. A park's location and a ride's position are both or neither (location.ts): a
 * suggestion changes the pair together (withWholeLocation).
 */
export const PARK_SUGGESTION_FIELDS = fieldsOf(PARK_FIELDS, "suggestion");
export const RIDE_SUGGESTION_FIELDS = fieldsOf(RIDE_FIELDS, "suggestion");

export type ParkSuggestionField = FieldsOf<ParkFields, "suggestion">;
export type RideSuggestionField = FieldsOf<RideFields, "suggestion">;
export type SuggestionField = ParkSuggestionField | RideSuggestionField;

export function suggestionFields(kind: SuggestionKind): readonly SuggestionField[] {
  return kind === "park" ? PARK_SUGGESTION_FIELDS : RIDE_SUGGESTION_FIELDS;
}

type Value = string | number | null;

/** Blank text is no text, and 12 equals 12.0: a value typed again as it was is no change. */
function sameValue(left: unknown, right: unknown): boolean {
  const normal = (value: unknown): Value => {
    if (value === undefined || value === null) return null;
    if (typeof value === "string") return value.trim() === "" ? null : value.trim();
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    return String(value);
  };
  return normal(left) === normal(right);
}

/**
 * The proposed values that differ from the current ones, field by field, in
 * the fields' order; a field the proposal leaves out is no change. The server
 * runs it on the row it has just read (never on a diff sent by the browser);
 * the browser runs it on the values the page loaded, for an instant
 * 'Aucune modification n'a été apportée'.
 */
export function changedValues<Values extends object>(
  current: Values,
  proposed: Partial<Values>,
  fields: readonly (keyof Values)[],
): Partial<Values> {
  const changes: Partial<Values> = {};
  for (const field of fields) {
    if (!(field in proposed) || proposed[field] === undefined) continue;
    if (!sameValue(current[field], proposed[field])) changes[field] = proposed[field];
  }
  return changes;
}

/**
 * What a suggestion would change on its target (changedValues over the
 * kind's fields), a park's location or a ride's position taken as one fact
 * (withWholeLocation). The server runs it on the row it has just read; the
 * browser on the values the page loaded.
 */
export function suggestionChanges(kind: SuggestionKind, current: ParkValues | RideValues, proposed: object): Record<string, unknown> {
  if (kind === "attraction") {
    const ride = current as RideValues;
    const rideProposal = proposed as Partial<RideValues>;
    return withWholeLocation(ride, changedValues(ride, rideProposal, RIDE_SUGGESTION_FIELDS), rideProposal);
  }
  const park = current as ParkValues;
  const parkProposal = proposed as Partial<ParkValues>;
  return withWholeLocation(park, changedValues(park, parkProposal, PARK_SUGGESTION_FIELDS), parkProposal);
}

/**
 * A location is one fact: when a suggestion changes either coordinate
 * it carries both, so that the moderator compares the whole pair, sees it if
 * either was changed meanwhile, and the approval writes a pair that belongs
 * together (never a new latitude beside someone else's longitude). A pair
 * that differs only beyond the six decimals a form keeps is no change.
 */
export function withWholeLocation<Values extends { latitude: number | null; longitude: number | null }>(current: Values, changes: Partial<Values>, proposed: Partial<Values>): Partial<Values> {
  if (!("latitude" in changes) && !("longitude" in changes)) return changes;
  if (proposed.latitude == null || proposed.longitude == null) return changes;
  const unmoved =
    current.latitude !== null &&
    current.longitude !== null &&
    roundCoordinate(current.latitude) === proposed.latitude &&
    roundCoordinate(current.longitude) === proposed.longitude;
  const others = { ...changes };
  delete others.latitude;
  delete others.longitude;
  return unmoved ? others : { ...others, latitude: proposed.latitude, longitude: proposed.longitude };
}

/** The current values of the given fields: what a suggestion records as its starting point. */
export function pickValues<Values extends object>(values: Values, fields: readonly (keyof Values)[]): Partial<Values> {
  const picked: Partial<Values> = {};
  for (const field of fields) picked[field] = values[field];
  return picked;
}

/**
 * The fields of a suggestion whose value on the target is no longer the one
 * the member saw (someone else changed them meanwhile): approving the
 * suggestion would overwrite that change, so the moderator confirms it.
 */
export function fieldsChangedSince<Values extends object>(original: Partial<Values>, current: Values): (keyof Values)[] {
  return (Object.keys(original) as (keyof Values)[]).filter((field) => !sameValue(original[field], current[field]));
}
