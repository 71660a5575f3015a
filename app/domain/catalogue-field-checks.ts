import type { CatalogueField } from "./catalogue-field";
import { openingYearRule } from "./contribution-limits";
import { FormReader, maxLength, optionalText, readOptionalNumber, required, type FormValues, type NumberRule, type Rule } from "./form-values";
import { readVideoId } from "./video-id";

/**
 * The checks of a declared field (decision 0051), for the forms that write parks and rides. The
 * kinds whose rule spans two fields are read by hand after these: the coordinates (the pair, in
 * location.ts), and the descriptions' "at least one" rule; images come as uploads.
 */

type Read = string | number | null | undefined;

function textRules(field: CatalogueField & { kind: "text" | "description" }): Rule[] {
  return field.kind === "text" && field.required ? [required(field.required), maxLength(field.max)] : [maxLength(field.max)];
}

function numberRule(field: CatalogueField & { kind: "number" | "year" }, currentYear: number): NumberRule {
  return field.kind === "year" ? openingYearRule(currentYear) : field.rule;
}

/**
 * The values of the named fields as a creation or edit form reads them: every rule checked (its
 * messages in `form`), a blank optional text or an empty number null. Coordinates and images are
 * left out: their readers are the pair's and the upload's.
 */
export function readFields<Field extends string, Name extends string>(
  reader: FormReader<Field>,
  values: FormValues,
  fields: Readonly<Record<Name, CatalogueField>>,
  names: readonly Name[],
  currentYear: number,
): Partial<Record<Name, Read>> {
  return readEach(namedReader<Name>(reader), values, fields, names, currentYear, null);
}

/**
 * readFields for the two forms that write a whole park or ride, with the descriptions apart: their
 * rule spans both languages, which each form then applies (at least one for a park, none for a ride).
 */
export function readDescribedFields<Field extends string, Name extends string>(
  reader: FormReader<Field>,
  values: FormValues,
  fields: Readonly<Record<Name, CatalogueField>>,
  names: readonly Name[],
  currentYear: number,
): { read: Partial<Record<string, Read>>; french: string | null; english: string | null } {
  const { descriptionFr, descriptionEn, ...read } = readFields(reader, values, fields, names, currentYear) as Partial<Record<string, Read>>;
  return { read, french: (descriptionFr ?? null) as string | null, english: (descriptionEn ?? null) as string | null };
}

/**
 * How a suggestion reads what a creation form refuses: an empty number is "skipped" (undefined) or
 * "unknown" (null), a number whose text is not one is skipped, and a wrong choice is undefined.
 */
type SuggestionReading = { emptyIsSkipped: boolean };

function readEach<Name extends string>(
  form: FormReader<Name>,
  values: FormValues,
  fields: Readonly<Record<Name, CatalogueField>>,
  names: readonly Name[],
  currentYear: number,
  suggestion: SuggestionReading | null,
): Partial<Record<Name, Read>> {
  const read: Partial<Record<Name, Read>> = {};
  for (const name of names) {
    const field: CatalogueField = fields[name];
    if (field.kind === "coordinate" || field.kind === "image") continue;
    read[name] = readField(form, name, field, values[name], currentYear, suggestion);
  }
  return read;
}

function readField<Name extends string>(
  form: FormReader<Name>,
  name: Name,
  field: Exclude<CatalogueField, { kind: "coordinate" | "image" }>,
  raw: string | undefined,
  currentYear: number,
  suggestion: SuggestionReading | null,
): Read {
  const refused = suggestion ? undefined : null;
  switch (field.kind) {
    case "text":
    case "description": {
      const text = form.text(name, textRules(field));
      return field.kind === "text" && field.required ? text : optionalText(text);
    }
    case "number":
    case "year": {
      const rule = numberRule(field, currentYear);
      return suggestion ? suggestedNumber(form, name, raw ?? "", rule, suggestion.emptyIsSkipped) : form.number(name, rule);
    }
    case "choice":
      return blankOptional(field, raw) ? null : (form.oneOf(name, field.choices, field.message) ?? refused);
    case "video": {
      const videoId = readVideoId(raw ?? "");
      if (videoId === undefined) form.add(name, { key: field.message });
      return videoId === undefined ? refused : videoId;
    }
  }
}

/**
 * The form's reader, for messages about the declared fields: those that get one (texts, numbers,
 * choices, videos) are fields of every form that holds them; an image never gets one here.
 */
function namedReader<Name extends string>(reader: FormReader<string>): FormReader<Name> {
  return reader as FormReader<Name>;
}

/** An optional choice left blank: unknown (null), not a wrong choice. */
function blankOptional(field: CatalogueField & { kind: "choice" }, value: string | undefined): boolean {
  return field.optional === true && (value ?? "").trim() === "";
}

const NUMBER_SHAPE = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The values of the named fields as an edit suggestion reads them: a field the form does not hold
 * is skipped (undefined), and so is a number whose text is not a number; an empty number is skipped
 * when `emptyNumber` is "skipped", else it proposes "unknown" (null). A number outside the creation
 * form's bounds gets the creation form's message. Coordinates and images are left out, as in readFields.
 */
export function readSuggestedFields<Field extends string, Name extends string>(
  reader: FormReader<Field>,
  values: FormValues,
  fields: Readonly<Record<Name, CatalogueField>>,
  names: readonly Name[],
  options: { currentYear: number; emptyNumber: "skipped" | "unknown" },
): Partial<Record<Name, Read>> {
  const held = names.filter((name) => values[name] !== undefined);
  return readEach(namedReader<Name>(reader), values, fields, held, options.currentYear, { emptyIsSkipped: options.emptyNumber === "skipped" });
}

function suggestedNumber<Name extends string>(
  form: FormReader<Name>,
  name: Name,
  raw: string,
  rule: NumberRule,
  emptyIsSkipped: boolean,
): number | null | undefined {
  const text = raw.trim();
  if (text === "") return emptyIsSkipped ? undefined : null;
  if (!NUMBER_SHAPE.test(text)) return undefined;
  const read = readOptionalNumber(text, rule);
  if (read.ok) return read.value;
  form.add(name, read.error);
  return undefined;
}
