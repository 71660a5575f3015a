import type { MessageKey } from "~/i18n/translate";

/**
 * The one way a form is checked (decision 0015): a pure `check…Form(values)`
 * per form, run by the browser for instant messages (`useFormCheck`) and again
 * by the server on the submitted values, answering `FormCheck` — the values it
 * read, or every message per field. Messages are i18n keys with their values.
 */
export type FieldMessage = { key: MessageKey; values?: Record<string, string | number> };
/** Messages per field; "form" holds those that belong to no single field. */
export type FieldMessages<Field extends string = string> = Partial<Record<Field | "form", FieldMessage[]>>;
export type FormCheck<Field extends string, Data> = { ok: true; data: Data } | { ok: false; errors: FieldMessages<Field> };

/** A form's text values by name (FormData's strings, or a test's literal). */
export type FormValues = Readonly<Record<string, string | undefined>>;

/** One rule on a text: its message when the text breaks it, else null. */
export type Rule = (text: string) => FieldMessage | null;

export const required =
  (key: MessageKey): Rule =>
  (text) =>
    text === "" ? { key } : null;

/** At most `max` characters; the generic "too long" message unless the form words its own. */
export const maxLength =
  (max: number, key: MessageKey = "contribute.errors.tooLong"): Rule =>
  (text) =>
    text.length <= max ? null : { key, values: { max } };

export type NumberRule = {
  min: number;
  max: number;
  /** Decimal places allowed: 0 for whole numbers, 1 for a 0.1 step, 2 for cents. */
  decimals: 0 | 1 | 2;
  /** Messages that the product words itself (prices, opening year: docs/rules/catalogue.md#park-form-rules). */
  messages?: { range?: FieldMessage; below?: FieldMessage };
};

const NUMBER_PATTERN = /^-?\d+(?:[.,]\d+)?$/;

/**
 * An optional number typed in a form. Empty is null (unknown, docs/rules/catalogue.md#ride-form-rules);
 * a French decimal comma is accepted.
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

/**
 * Reads a form's values field by field, collecting every broken rule's
 * message (all of a field's rules run, in order, as the rules list them),
 * then answers the form's `FormCheck`.
 */
export class FormReader<Field extends string> {
  private readonly errors: FieldMessages<Field> = {};

  constructor(private readonly values: FormValues) {}

  /** The value as typed (not trimmed: passwords), checked by the rules. */
  raw(field: Field, rules: readonly Rule[] = []): string {
    return this.apply(field, this.values[field] ?? "", rules);
  }

  /** The value trimmed, checked by the rules. */
  text(field: Field, rules: readonly Rule[] = []): string {
    return this.apply(field, (this.values[field] ?? "").trim(), rules);
  }

  /** An optional number (null when empty), or null with the field's message. */
  number(field: Field, rule: NumberRule): number | null {
    const read = readOptionalNumber(this.values[field] ?? "", rule);
    if (read.ok) return read.value;
    this.add(field, read.error);
    return null;
  }

  /** One of a closed list of values, else the message. */
  oneOf<Value extends string>(field: Field, allowed: readonly Value[], key: MessageKey): Value | null {
    const value = this.values[field] ?? "";
    if ((allowed as readonly string[]).includes(value)) return value as Value;
    this.add(field, { key });
    return null;
  }

  add(field: Field | "form", message: FieldMessage): void {
    (this.errors[field] ??= []).push(message);
  }

  /** The data read when no rule was broken, else every message. */
  result<Data>(data: Data): FormCheck<Field, Data> {
    return Object.keys(this.errors).length === 0 ? { ok: true, data } : { ok: false, errors: this.errors };
  }

  private apply(field: Field, text: string, rules: readonly Rule[]): string {
    for (const rule of rules) {
      const message = rule(text);
      if (message) this.add(field, message);
    }
    return text;
  }
}
