import type { AdminAnswer } from "./admin-answers";
import type { KeysetPage } from "./admin-paging";
import type { FieldMessage } from "./form-values";
import { isUuid } from "./ids";
import { isSuggestionKind, type SuggestionField, type SuggestionKind } from "./suggested-changes";

/**
 * The back office's "Suggestions de modifications" (docs/rules/back-office.md#suggestions-screen):
 * the pending edit suggestions of parks and rides merged, newest first, and
 * the detail of one — what it would change, field by field.
 */
export type AdminSuggestionRow = {
  kind: SuggestionKind;
  id: string;
  /** The park's or the ride's name. */
  targetName: string;
  /** The ride's park; the park itself for a park suggestion. */
  parkName: string;
  username: string;
  createdAt: string;
};

/** A field's value as suggestions store it (suggested-changes.ts): text, a number, or empty. */
export type SuggestionValue = string | number | null;

export type SuggestionChange = {
  field: SuggestionField;
  /** The target's value today; null too when the target no longer takes suggestions. */
  current: SuggestionValue;
  proposed: SuggestionValue;
  /** The target's value is no longer the one the member saw: approving overwrites someone's change. */
  changedMeanwhile: boolean;
};

export type AdminSuggestionDetail = {
  kind: SuggestionKind;
  id: string;
  targetName: string;
  /** The target's public page without language prefix ("/parc-asterix/toutatis"); null once it is no longer public. */
  targetPath: string | null;
  userId: string;
  username: string;
  createdAt: string;
  reason: string;
  /** In the order of the kind's fields (suggested-changes.ts). */
  changes: SuggestionChange[];
  changedMeanwhile: SuggestionField[];
};

/** Which suggestion the screen opens (`?kind=park&suggestion=<id>`), or null when the address names none (or a forged one). */
export function readOpenedSuggestion(params: URLSearchParams): { kind: SuggestionKind; id: string } | null {
  const kind = params.get("kind") ?? "";
  const id = params.get("suggestion") ?? "";
  return isSuggestionKind(kind) && isUuid(id) ? { kind, id } : null;
}

export function openedSuggestionSearch(kind: SuggestionKind, id: string): string {
  return `?${new URLSearchParams({ kind, suggestion: id }).toString()}`;
}

/** A refused approval because fields changed meanwhile carries them, for the screen to ask before overwriting. */
export type AdminSuggestionAnswer = AdminAnswer | { ok: false; intent: string; error: FieldMessage; changedMeanwhile: SuggestionField[] };

/** The description fields, shown one language at a time behind the FR/EN toggle. */
export const DESCRIPTION_FIELDS = { fr: "descriptionFr", en: "descriptionEn" } as const satisfies Record<string, SuggestionField>;

/** What the screen's loader answers: the list, or the detail a card loads when opened (null: no longer pending). */
export type AdminSuggestionsScreen =
  | { kind: "list"; page: KeysetPage<AdminSuggestionRow>; failed: boolean }
  | { kind: "detail"; detail: AdminSuggestionDetail | null }
  | { kind: "detailFailed" };

export type AdminSuggestionsData = { now: string; screen: AdminSuggestionsScreen };
