import type { FieldsOf } from "./catalogue-field";
import type { FormCheck, FormValues } from "./form-values";
import type { ParkFields } from "./park-fields";
import { checkParkFields, type ParkDraftOf } from "./park-form";

/**
 * The back office's park edit form (docs/rules/back-office.md#admin-park-edit): the rules
 * and messages of "Ajouter un parc" (checkParkFields, one source), read the same
 * way by the browser and by the server. The duplicate-name check needs the
 * database: the server runs it, the browser asks /api/park-name while the name
 * is typed.
 */
export type AdminParkField = FieldsOf<ParkFields, "adminEdit">;

export function checkAdminParkForm(values: FormValues, currentYear: number): FormCheck<AdminParkField, ParkDraftOf<"adminEdit">> {
  const read = checkParkFields(values, currentYear, "adminEdit");
  if (!read.ok || (values.descriptionFr ?? "").trim() !== "") return read;
  // Unlike a contribution, an edit keeps each language's own text: an English-only description does not
  // become the French one too (the plain description is still the English text, docs/rules/back-office.md#admin-park-edit).
  return { ok: true, data: { ...read.data, descriptionFr: null } };
}

/** The duplicate-name check runs once the name has this many characters and differs from the park's own (docs/rules/catalogue.md#duplicate-park-names). */
export function nameNeedsDuplicateCheck(name: string, currentName: string, minLength: number): boolean {
  const trimmed = name.trim();
  return trimmed.length >= minLength && trimmed.toLowerCase() !== currentName.trim().toLowerCase();
}
