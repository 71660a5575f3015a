import { readSuggestedFields } from "./catalogue-field-checks";
import { FormReader, maxLength, required, type FormCheck, type FormValues } from "./form-values";
import { PARK_FIELDS } from "./park-fields";
import { readLocation, type LocationPair } from "./location";
import { RIDE_FIELDS } from "./ride-fields";
import {
  RIDE_SUGGESTION_FIELDS,
  PARK_SUGGESTION_FIELDS,
  type RideSuggestionField,
  type RideValues,
  type ParkSuggestionField,
  type ParkValues,
} from "./suggested-changes";

/**
 * The edit suggestion forms (docs/rules/suggestions.md#field-rules), read the same way by the browser and by the server. The
 * form comes filled with the target's values; what it reads is the proposed
 * value of each field it holds, and the reason. Which of them changed is
 * decided by comparing with the target (changedValues), on the server against
 * the row itself. Each field is read as declared (park-fields.ts,
 * ride-fields.ts) by readSuggestedFields.
 *
 * Numbers follow docs/rules/suggestions.md#field-rules: on the park form an empty or unreadable opening year or
 * price is skipped (left as it is); on the ride form an unreadable number is
 * skipped and an empty one proposes "unknown" (null). A number outside the
 * creation form's bounds gets the creation form's message.
 *
 * The park's location (what the map and near-me place) and the ride's position
 * in its park are a pair, read by the creation forms' rule (location.ts): both
 * empty is skipped on the park form like the other park numbers, and proposes
 * "unknown" on the ride form like the ride's numbers; a text that is not a
 * number, a coordinate out of range or half a pair gets its message rather
 * than being skipped — dropping half of a pair silently would propose a
 * location the member never typed. How far a ride's position may be from its
 * park's is checked by the server (submitSuggestion), which has read the park.
 */
export const SUGGESTION_REASON_MAX = 1000;

export type ParkSuggestionFormField = Exclude<ParkSuggestionField, "imageUrl"> | "reason" | "image" | "form";

export type RideSuggestionFormField = Exclude<RideSuggestionField, "imageUrl"> | "reason" | "image" | "form";

export type SuggestionDraft<Values> = { proposed: Partial<Omit<Values, "imageUrl">>; reason: string };

function readReason<Field extends string>(form: FormReader<Field | "reason">): string {
  return form.text("reason", [required("suggestions.errors.reasonRequired"), maxLength(SUGGESTION_REASON_MAX)]);
}

function withoutSkipped<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function checkParkSuggestionForm(values: FormValues, currentYear: number): FormCheck<ParkSuggestionFormField, SuggestionDraft<ParkValues>> {
  const form = new FormReader<ParkSuggestionFormField>(values);
  const read = readSuggestedFields(form, values, PARK_FIELDS, PARK_SUGGESTION_FIELDS, { currentYear, emptyNumber: "skipped" });
  // Both descriptions may not end up blank (the creation rule): checked when the form holds both.
  if (read.descriptionFr === null && read.descriptionEn === null) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });
  const location = suggestedLocation(form, values, "skipped");
  const reason = readReason(form);
  // The values are read as their declaration says: the draft is only used when every rule held.
  return form.result({ proposed: withoutSkipped({ ...read, ...location }) as SuggestionDraft<ParkValues>["proposed"], reason });
}

export function checkRideSuggestionForm(
  values: FormValues,
  currentYear: number,
): FormCheck<RideSuggestionFormField, SuggestionDraft<RideValues>> {
  const form = new FormReader<RideSuggestionFormField>(values);
  const read = readSuggestedFields(form, values, RIDE_FIELDS, RIDE_SUGGESTION_FIELDS, { currentYear, emptyNumber: "unknown" });
  const position = suggestedLocation(form, values, "unknown");
  const reason = readReason(form);
  return form.result({ proposed: withoutSkipped({ ...read, ...position }) as SuggestionDraft<RideValues>["proposed"], reason });
}

/**
 * The proposed location: both coordinates, or neither. Skipped when the form does not hold them, and when both are
 * empty and `empty` says "skipped"; otherwise both empty proposes "unknown" (both null).
 */
function suggestedLocation<Field extends string>(form: FormReader<Field | "latitude" | "longitude">, values: FormValues, empty: "skipped" | "unknown"): Partial<LocationPair> {
  if (values.latitude === undefined && values.longitude === undefined) return {};
  if (empty === "skipped" && (values.latitude ?? "").trim() === "" && (values.longitude ?? "").trim() === "") return {};
  return readLocation(form, values) ?? {};
}
