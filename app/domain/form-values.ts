/**
 * Reading the optional numbers and texts of contribution forms, shared by the
 * browser's checks and the server's. Errors are i18n keys with their values.
 */
export type FieldMessage = { key: string; values?: Record<string, string | number> };
export type FieldMessages<Field extends string = string> = Partial<Record<Field, FieldMessage[]>>;

export type NumberRule = {
  min: number;
  max: number;
  /** Decimal places allowed: 0 for whole numbers, 1 for a 0.1 step, 2 for cents. */
  decimals: 0 | 1 | 2;
  /** Messages that the spec words itself (prices, opening year). */
  messages?: { range?: FieldMessage; below?: FieldMessage };
};

const NUMBER_PATTERN = /^-?\d+(?:[.,]\d+)?$/;

/**
 * An optional number typed in a form. Empty is null (community §5: "empty
 * numerics sent as null"); a French decimal comma is accepted.
 */
export function readOptionalNumber(
  raw: string,
  rule: NumberRule,
): { ok: true; value: number | null } | { ok: false; error: FieldMessage } {
  const text = raw.trim();
  if (text === "") return { ok: true, value: null };
  if (!NUMBER_PATTERN.test(text)) return { ok: false, error: { key: "contribute.errors.notANumber" } };
  const [, fraction = ""] = text.replace(",", ".").split(".");
  const value = Number(text.replace(",", "."));
  if (rule.decimals === 0 && fraction.replace(/0+$/, "") !== "") {
    return { ok: false, error: { key: "contribute.errors.wholeNumber" } };
  }
  if (value < rule.min) {
    return { ok: false, error: rule.messages?.below ?? rule.messages?.range ?? { key: "contribute.errors.atLeast", values: { min: rule.min } } };
  }
  if (value > rule.max) {
    return { ok: false, error: rule.messages?.range ?? { key: "contribute.errors.atMost", values: { max: rule.max } } };
  }
  if (fraction.replace(/0+$/, "").length > rule.decimals) {
    return { ok: false, error: { key: rule.decimals === 2 ? "contribute.errors.cents" : "contribute.errors.oneDecimal" } };
  }
  return { ok: true, value };
}

/** A trimmed text, null when blank. */
export function optionalText(raw: string): string | null {
  const text = raw.trim();
  return text === "" ? null : text;
}

/** The opening year rule of both documents: 1800 to the current year, in the spec's words. */
export const FIRST_OPENING_YEAR = 1800;
export function openingYearRule(currentYear: number): NumberRule {
  const range = { key: "contribute.errors.openingYear", values: { year: currentYear } };
  return { min: FIRST_OPENING_YEAR, max: currentYear, decimals: 0, messages: { range } };
}

/** Collects per-field messages as a form is read. */
export class MessageCollector<Field extends string> {
  readonly messages: FieldMessages<Field> = {};

  add(field: Field, message: FieldMessage) {
    (this.messages[field] ??= []).push(message);
  }

  number(field: Field, raw: string, rule: NumberRule): number | null {
    const read = readOptionalNumber(raw, rule);
    if (read.ok) return read.value;
    this.add(field, read.error);
    return null;
  }

  get empty() {
    return Object.keys(this.messages).length === 0;
  }
}
