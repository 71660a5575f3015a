import { fieldsOf, type FieldsOf, type ValuesOf } from "./catalogue-field";
import { readDescribedFields } from "./catalogue-field-checks";
import { storedDescriptions, type Described } from "./descriptions";
import { FormReader, type FormCheck, type FormValues } from "./form-values";
import { PARK_FIELDS, type ParkFields } from "./park-fields";
import { readLocation, type LocationField, type LocationPair } from "./location";

/**
 * The forms that write a whole park — "Ajouter un parc" and the back office's
 * edit — read the same way by the browser (instant messages) and by the server
 * (the authority): the declared fields' rules (park-fields.ts) for the fields
 * each form holds, then the two that span fields — at least one description,
 * and the location pair.
 */
type ParkForm = "contribution" | "adminEdit";
type PairField = "descriptionFr" | "descriptionEn" | LocationField;
export type ParkDraftOf<Form extends ParkForm> = Described & LocationPair & ValuesOf<ParkFields, Exclude<FieldsOf<ParkFields, Form>, PairField>>;

export type ParkField = FieldsOf<ParkFields, "contribution"> | "image" | "form";
export type ParkDraft = ParkDraftOf<"contribution">;

/** The fields of the given form, with the descriptions as a contribution stores them (storedDescriptions). */
export function checkParkFields<Form extends ParkForm>(
  values: FormValues,
  currentYear: number,
  formName: Form,
): FormCheck<FieldsOf<ParkFields, Form> | PairField | "image" | "form", ParkDraftOf<Form>> {
  // Both forms hold the descriptions and the location, whose rules span two fields.
  const form = new FormReader<FieldsOf<ParkFields, Form> | PairField | "image" | "form">(values);
  const { read, french, english } = readDescribedFields(form, values, PARK_FIELDS, fieldsOf(PARK_FIELDS, formName), currentYear);
  if (!french && !english) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });
  // Null only with a message, which makes the result a refusal: the pair then is never read.
  const location = readLocation(form, values) ?? { latitude: null, longitude: null };
  // The values are read as their declaration says: the draft is only used when every rule held.
  return form.result({ ...read, ...location, ...storedDescriptions(french, english) } as ParkDraftOf<Form>);
}

export function checkParkForm(values: FormValues, currentYear: number): FormCheck<ParkField, ParkDraft> {
  return checkParkFields(values, currentYear, "contribution");
}
