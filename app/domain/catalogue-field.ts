import type { MessageKey } from "~/i18n/translate";
import type { NumberRule } from "./form-values";

/**
 * What a catalogue field of a park or a ride IS, declared once as data (decision 0051):
 * park-fields.ts and ride-fields.ts list them, and the forms' checks, the suggestion
 * diff, the admin field lists, the columns the services read and the public API's
 * shapes derive from those lists. Types only and a few one-line helpers: the
 * declarations are loaded by the public pages' form chunks, so nothing heavy here.
 */

/** The forms that write catalogue fields: "Ajouter un parc" / add a ride, the edit suggestion, the back office's edit. */
export type CatalogueForm = "contribution" | "suggestion" | "adminEdit";

/** A field that every form writing a park or a ride holds. */
export const EVERY_FORM = ["contribution", "suggestion", "adminEdit"] as const satisfies readonly CatalogueForm[];

/**
 * How the value is typed and checked:
 * - text: a one-line text, trimmed, at most `max` characters; required when it has a `required` message, else blank is null;
 * - description: one language's long text; the pair's "at least one" rule and the stored plain description are hand-written (descriptions.ts);
 * - number: a whole or decimal number under its rule (bounds, decimals, the product's own messages); empty is null;
 * - year: an opening year, 1800 to the current year (openingYearRule);
 * - choice: one of a closed list of values, else the `message`; an `optional` one may also be left blank (null, unknown);
 * - video: a YouTube video id or address (video-id.ts), else the `message`;
 * - coordinate: half of the latitude/longitude pair, whose rule is hand-written (location.ts);
 * - image: a picture's stored reference; the upload is read apart from the form's text (app/server/images).
 */
type FieldKind =
  | { kind: "text"; max: number; required?: MessageKey }
  | { kind: "description"; max: number }
  | { kind: "number"; rule: NumberRule }
  | { kind: "year" }
  | { kind: "choice"; choices: readonly string[]; message: MessageKey; optional?: true }
  | { kind: "video"; message: MessageKey }
  | { kind: "coordinate" }
  | { kind: "image" };

/** How the public API's detail gives a field: its name there, its type (a whole or any number, a text) and what the OpenAPI document says of it. */
type ApiField = { name: string; type: "string" | "int" | "number"; description?: string };

export type CatalogueField = FieldKind & {
  /** The label of its input, which the suggestion diff and the member's suggestions reuse. */
  label: MessageKey;
  /** The forms that hold it. Every field a suggestion may change is also shown, and compared, in the suggestion diff. */
  forms: readonly CatalogueForm[];
  /** The row's column when it is not named like the field (the ride's video id lives in youtube_url). */
  column?: string;
  /** Given by the public API's detail of the park or ride, under this name. */
  api?: ApiField;
};

/** The value a field holds once read: required texts and choices always have one, anything else may be unknown. */
type FieldValue<Field extends CatalogueField> = Field extends { kind: "text"; required: MessageKey }
  ? string
  : Field extends { kind: "choice"; choices: readonly (infer Choice)[] }
    ? Field extends { optional: true }
      ? Choice | null
      : Choice
    : Field extends { kind: "number" | "year" | "coordinate" }
      ? number | null
      : string | null;

/** The names of the fields a form holds. */
export type FieldsOf<Fields extends Record<string, CatalogueField>, Form extends CatalogueForm> = {
  [Name in keyof Fields]: Form extends Fields[Name]["forms"][number] ? Name : never;
}[keyof Fields] &
  string;

/** The values of the given fields, by name. */
export type ValuesOf<Fields extends Record<string, CatalogueField>, Names extends keyof Fields> = { [Name in Names]: FieldValue<Fields[Name]> };

/** The names of the fields a form holds, in their declared order (the order the forms and the moderation screen show them). */
export function fieldsOf<Fields extends Record<string, CatalogueField>, Form extends CatalogueForm>(
  fields: Fields,
  form: Form,
): readonly FieldsOf<Fields, Form>[] {
  return (Object.keys(fields) as FieldsOf<Fields, Form>[]).filter((name) => fields[name]!.forms.includes(form));
}
