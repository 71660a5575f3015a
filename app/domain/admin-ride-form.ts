import { checkRideFields, type RideDraftOf } from "./ride-form";
import type { FieldsOf } from "./catalogue-field";
import type { FormCheck, FormValues } from "./form-values";
import type { RideFields } from "./ride-fields";

export type AdminRideField = FieldsOf<RideFields, "adminEdit"> | "image" | "form";

/**
 * What the administrator's edit writes: the fields its form holds (the creation form's
 * rules, docs/rules/back-office.md#admin-ride-edit, plus the ride's status), and the
 * three descriptions as the edit stores them — each language as typed, the
 * plain description from French, else English, else empty (the creation form
 * fills description_fr from the English text instead, which an edit must not
 * do: the FR tab would then show English).
 */
export function checkAdminRideForm(values: FormValues, currentYear: number): FormCheck<AdminRideField, RideDraftOf<"adminEdit">> {
  const checked = checkRideFields(values, currentYear, "adminEdit");
  if (!checked.ok) return checked;
  // checkRideFields gives description_fr the English text when French is blank: undone here.
  const french = values.descriptionFr?.trim() ? checked.data.descriptionFr : null;
  const english = checked.data.descriptionEn;
  return { ok: true, data: { ...checked.data, description: french ?? english ?? null, descriptionFr: french, descriptionEn: english } };
}
