import type { CatalogueField } from "./catalogue-field";
import type { FieldMessages } from "./form-values";
import { PARK_FIELDS } from "./park-fields";
import { RIDE_FIELDS } from "./ride-fields";
import type { RideValues, ParkValues } from "./suggested-changes";

/**
 * What the suggestion pages (/parks/{id}/suggest, /attractions/{id}/suggest)
 * and the ride page's suggestion dialog share (docs/rules/suggestions.md#suggestion-form):
 * the target as the form shows it, and the action's answer.
 */
export const SUGGEST_INTENT = "suggest";

/**
 * The suggestion routes' answer, read by the form (usePageFormFetcher) whether
 * it came through a fetcher or a whole page. A refusal gives back what was
 * typed: a page answered whole (no JavaScript) shows it again, not the
 * target's values.
 */
export type SuggestionAnswer =
  | { intent: typeof SUGGEST_INTENT; sent: { replaced: boolean } }
  | { intent: typeof SUGGEST_INTENT; errors: FieldMessages; typed?: Record<string, string> };

/** The target of a suggestion as its form shows it: current values, name and the address of its page. */
export type SuggestionTargetView =
  | { kind: "park"; id: string; name: string; path: string; values: ParkValues }
  | { kind: "attraction"; id: string; name: string; path: string; values: RideValues };

/** The fields whose numbers are amounts in cents, as declared (a rule of two decimals): prices. */
const CENTS_FIELDS: ReadonlySet<string> = new Set(
  [PARK_FIELDS, RIDE_FIELDS].flatMap((fields) =>
    Object.entries(fields as Readonly<Record<string, CatalogueField>>)
      .filter(([, field]) => field.kind === "number" && field.rule.decimals === 2)
      .map(([name]) => name),
  ),
);

/**
 * A current value as its input expects it: a number input reads a dot
 * decimal whatever the page's language (12.5, never 12,5), a price shows its
 * cents (49.00), an unknown value is an empty input.
 */
export function inputValue(field: string, value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return CENTS_FIELDS.has(field) ? value.toFixed(2) : String(value);
  return value;
}
