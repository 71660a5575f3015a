import type { MessageKey } from "~/i18n/translate";
import type { CatalogueField } from "./catalogue-field";
import { PARK_FIELDS } from "./park-fields";
import { RIDE_FIELDS } from "./ride-fields";
import type { SuggestionKind } from "./suggested-changes";

/**
 * The label of a field a suggestion changes: its input's own, as declared (park-fields.ts,
 * ride-fields.ts), so that the member's list and the moderator read what the form said.
 * A stored suggestion may name a field no longer declared: it gets the generic label.
 */
export function suggestionFieldLabel(kind: SuggestionKind, field: string): MessageKey {
  const fields: Readonly<Record<string, CatalogueField>> = kind === "park" ? PARK_FIELDS : RIDE_FIELDS;
  return Object.hasOwn(fields, field) ? fields[field]!.label : "admin.suggestions.field";
}
