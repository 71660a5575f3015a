import { checkAttractionForm, type AttractionDraft, type AttractionField } from "./attraction-form";
import { ATTRACTION_STATUSES, type AttractionStatus } from "./attraction-types";
import type { FormCheck, FormValues } from "./form-values";

export type AdminAttractionField = AttractionField | "status";

/**
 * What the administrator's edit writes: the creation form's fields (the same
 * rules, docs/rules/back-office.md#admin-ride-edit) plus the ride's status, and the three descriptions as
 * the edit stores them — each language as typed, the plain description from
 * French, else English, else empty (the creation form fills description_fr
 * from the English text instead, which an edit must not do: the FR tab would
 * then show English).
 */
export type AdminAttractionDraft = AttractionDraft & { status: AttractionStatus };

export function checkAdminAttractionForm(values: FormValues, currentYear: number): FormCheck<AdminAttractionField, AdminAttractionDraft> {
  const checked = checkAttractionForm(values, currentYear);
  const status = values.status ?? "";
  const statusKnown = (ATTRACTION_STATUSES as readonly string[]).includes(status);
  if (!checked.ok || !statusKnown) {
    const errors: FormCheck<AdminAttractionField, AdminAttractionDraft> & { ok: false } = {
      ok: false,
      errors: checked.ok ? {} : { ...checked.errors },
    };
    if (!statusKnown) errors.errors.status = [{ key: "admin.attractions.errors.statusRequired" }];
    return errors;
  }
  // checkAttractionForm gives description_fr the English text when French is blank: undone here.
  const french = values.descriptionFr?.trim() ? checked.data.descriptionFr : null;
  const english = checked.data.descriptionEn;
  return {
    ok: true,
    data: {
      ...checked.data,
      status: status as AttractionStatus,
      description: french ?? english ?? null,
      descriptionFr: french,
      descriptionEn: english,
    },
  };
}
