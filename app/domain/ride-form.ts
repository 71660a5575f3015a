import { fieldsOf, type FieldsOf, type ValuesOf } from "./catalogue-field";
import { readDescribedFields } from "./catalogue-field-checks";
import { storedDescriptions, type Described } from "./descriptions";
import { FormReader, type FormCheck, type FormValues } from "./form-values";
import { readLocation, type LocationField, type LocationPair } from "./location";
import { RIDE_FIELDS, type RideFields } from "./ride-fields";

/**
 * The add-attraction form and the back office's ride edit, read the same way
 * by the browser and by the server: the declared fields' rules (ride-fields.ts)
 * for the fields each form holds; a ride's descriptions are both optional, and
 * its position in the park is the park location's pair (location.ts). How far
 * that position may be from the park's is the server's to check: it alone has
 * read the park (rideTooFarFromPark).
 */
type RideForm = "contribution" | "adminEdit";
type PairField = "descriptionFr" | "descriptionEn" | LocationField;
export type RideDraftOf<Form extends RideForm> = Described & LocationPair & ValuesOf<RideFields, Exclude<FieldsOf<RideFields, Form>, PairField>>;

export type RideField = FieldsOf<RideFields, "contribution"> | "image" | "form";
export type RideDraft = RideDraftOf<"contribution">;

/** The fields of the given form, with the descriptions as a contribution stores them (storedDescriptions). */
export function checkRideFields<Form extends RideForm>(
  values: FormValues,
  currentYear: number,
  formName: Form,
): FormCheck<FieldsOf<RideFields, Form> | PairField | "image" | "form", RideDraftOf<Form>> {
  const form = new FormReader<FieldsOf<RideFields, Form> | PairField | "image" | "form">(values);
  const { read, french, english } = readDescribedFields(form, values, RIDE_FIELDS, fieldsOf(RIDE_FIELDS, formName), currentYear);
  // Null only with a message, which makes the result a refusal: the pair then is never read.
  const position = readLocation(form, values) ?? { latitude: null, longitude: null };
  // The values are read as their declaration says (a choice outside its list is refused): the draft is only used when every rule held.
  return form.result({ ...read, ...position, ...storedDescriptions(french, english) } as RideDraftOf<Form>);
}

export function checkRideForm(values: FormValues, currentYear: number): FormCheck<RideField, RideDraft> {
  return checkRideFields(values, currentYear, "contribution");
}
