import { ATTRACTION_NAME_MAX, ATTRACTION_NUMBER_RULES } from "./attraction-form";
import { ATTRACTION_STATUSES, ATTRACTION_TYPES } from "./attraction-types";
import { PARK_NAME_MAX, openingYearRule } from "./contribution-limits";
import {
  FormReader,
  maxLength,
  optionalText,
  readOptionalNumber,
  required,
  type FormCheck,
  type FormValues,
  type NumberRule,
} from "./form-values";
import { DESCRIPTION_MAX, PARK_PRICE_RULE, PARK_TEXT_LIMITS } from "./park-form";
import { readParkLocation, type ParkLocation } from "./park-location";
import type { AttractionValues, ParkValues } from "./suggested-changes";
import { readVideoId } from "./video-id";

/**
 * The edit suggestion forms (docs/rules/suggestions.md#suggestion-form), read the
 * same way by the browser and by the server. The
 * form comes filled with the target's values; what it reads is the proposed
 * value of each field it holds, and the reason. Which of them changed is
 * decided by comparing with the target (changedValues), on the server against
 * the row itself.
 *
 * Numbers follow docs/rules/suggestions.md#field-rules: on the park form an empty or unreadable opening year or
 * price is skipped (left as it is); on the ride form an unreadable number is
 * skipped and an empty one proposes "unknown" (null). A number outside the
 * creation form's bounds gets the creation form's message.
 *
 * The park's location is a pair, read by the creation form's rule:
 * both empty is skipped like the other park numbers, but a text that is not
 * a number, a coordinate out of range or half a pair gets its message rather
 * than being skipped — dropping half of a pair silently would propose a
 * location the member never typed.
 */
export const SUGGESTION_REASON_MAX = 1000;

export type ParkSuggestionFormField =
  | "name"
  | "region"
  | "country"
  | "descriptionFr"
  | "descriptionEn"
  | "openingYear"
  | "adultPrice"
  | "childPrice"
  | "openingHours"
  | "latitude"
  | "longitude"
  | "reason"
  | "image"
  | "form";

export type AttractionSuggestionFormField =
  | Exclude<keyof AttractionValues, "imageUrl">
  | "reason"
  | "image"
  | "form";

export type SuggestionDraft<Values> = { proposed: Partial<Omit<Values, "imageUrl">>; reason: string };

const NUMBER_SHAPE = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A number as the suggestion forms read it: undefined (skipped) when the field is absent or
 * its text is not a number, else the value or null when empty — or
 * undefined when `emptyIsSkipped` — checked against the rule.
 */
function suggestedNumber<Field extends string>(
  form: FormReader<Field>,
  values: FormValues,
  field: Field,
  rule: NumberRule,
  emptyIsSkipped: boolean,
): number | null | undefined {
  const raw = values[field];
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === "") return emptyIsSkipped ? undefined : null;
  if (!NUMBER_SHAPE.test(text)) return undefined;
  const read = readOptionalNumber(text, rule);
  if (read.ok) return read.value;
  form.add(field, read.error);
  return undefined;
}

/** A text field the form holds, trimmed and checked; undefined when the form does not hold it. */
function suggestedText<Field extends string>(
  form: FormReader<Field>,
  values: FormValues,
  field: Field,
  rules: Parameters<FormReader<Field>["text"]>[1],
): string | undefined {
  return values[field] === undefined ? undefined : form.text(field, rules);
}

function readReason<Field extends string>(form: FormReader<Field | "reason">): string {
  return form.text("reason", [required("suggestions.errors.reasonRequired"), maxLength(SUGGESTION_REASON_MAX)]);
}

/** Both descriptions may not end up blank (the creation rule): checked when the form holds both. */
function checkDescriptions<Field extends string>(
  form: FormReader<Field | "descriptionFr">,
  french: string | null | undefined,
  english: string | null | undefined,
) {
  if (french === null && english === null) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });
}

function withoutSkipped<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function checkParkSuggestionForm(
  values: FormValues,
  currentYear: number,
): FormCheck<ParkSuggestionFormField, SuggestionDraft<ParkValues>> {
  const form = new FormReader<ParkSuggestionFormField>(values);
  const name = suggestedText(form, values, "name", [required("contribute.errors.parkNameRequired"), maxLength(PARK_NAME_MAX)]);
  const region = suggestedText(form, values, "region", [required("contribute.errors.regionRequired"), maxLength(PARK_TEXT_LIMITS.place)]);
  const country = suggestedText(form, values, "country", [required("contribute.errors.countryRequired"), maxLength(PARK_TEXT_LIMITS.place)]);
  const descriptionFr = optionalIfHeld(suggestedText(form, values, "descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const descriptionEn = optionalIfHeld(suggestedText(form, values, "descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  checkDescriptions(form, descriptionFr, descriptionEn);
  const openingYear = suggestedNumber(form, values, "openingYear", openingYearRule(currentYear), true);
  const adultPrice = suggestedNumber(form, values, "adultPrice", PARK_PRICE_RULE, true);
  const childPrice = suggestedNumber(form, values, "childPrice", PARK_PRICE_RULE, true);
  const openingHours = optionalIfHeld(suggestedText(form, values, "openingHours", [maxLength(PARK_TEXT_LIMITS.openingHours)]));
  const location = suggestedLocation(form, values);
  const reason = readReason(form);
  return form.result({
    proposed: withoutSkipped({ name, region, country, descriptionFr, descriptionEn, openingYear, adultPrice, childPrice, openingHours, ...location }),
    reason,
  });
}

export function checkAttractionSuggestionForm(
  values: FormValues,
  currentYear: number,
): FormCheck<AttractionSuggestionFormField, SuggestionDraft<AttractionValues>> {
  const form = new FormReader<AttractionSuggestionFormField>(values);
  const name = suggestedText(form, values, "name", [required("contribute.errors.attractionNameRequired"), maxLength(ATTRACTION_NAME_MAX)]);
  const type = values.type === undefined ? undefined : (form.oneOf("type", ATTRACTION_TYPES, "contribute.errors.typeRequired") ?? undefined);
  const status =
    values.status === undefined ? undefined : (form.oneOf("status", ATTRACTION_STATUSES, "admin.attractions.errors.statusRequired") ?? undefined);
  const descriptionFr = optionalIfHeld(suggestedText(form, values, "descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const descriptionEn = optionalIfHeld(suggestedText(form, values, "descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  const numbers: Partial<Record<keyof typeof ATTRACTION_NUMBER_RULES, number | null | undefined>> = {};
  for (const [field, rule] of Object.entries(ATTRACTION_NUMBER_RULES) as Array<[keyof typeof ATTRACTION_NUMBER_RULES, NumberRule]>) {
    numbers[field] = suggestedNumber(form, values, field, rule, false);
  }
  const openingYear = suggestedNumber(form, values, "openingYear", openingYearRule(currentYear), false);
  let videoId: string | null | undefined;
  if (values.videoId !== undefined) {
    videoId = readVideoId(values.videoId);
    if (videoId === undefined) form.add("videoId", { key: "contribute.errors.videoId" });
  }
  const reason = readReason(form);
  return form.result({
    proposed: withoutSkipped({ name, type, status, descriptionFr, descriptionEn, ...numbers, openingYear, videoId }),
    reason,
  });
}

/** The proposed location: both coordinates, or neither (skipped: both empty, or the form does not hold them). */
function suggestedLocation(form: FormReader<ParkSuggestionFormField>, values: FormValues): Partial<ParkLocation> {
  if ((values.latitude ?? "").trim() === "" && (values.longitude ?? "").trim() === "") return {};
  return readParkLocation(form, values) ?? {};
}

function optionalIfHeld(text: string | undefined): string | null | undefined {
  return text === undefined ? undefined : optionalText(text);
}
