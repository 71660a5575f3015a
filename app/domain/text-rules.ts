import type { MessageKey } from "~/i18n/translate";
import { isValidEmail } from "./email";
import type { Rule } from "./form-values";

/**
 * The text rules that only the account and contact forms use, kept apart from
 * form-values.ts so that the park and attraction forms' rules, which load
 * form-values too, do not carry them nor the e-mail pattern (decision 0015).
 */
export const minLength =
  (min: number, key: MessageKey): Rule =>
  (text) =>
    text.length < min ? { key, values: { min } } : null;

export const pattern =
  (shape: RegExp, key: MessageKey): Rule =>
  (text) =>
    shape.test(text) ? null : { key };

export const satisfies =
  (test: (text: string) => boolean, key: MessageKey): Rule =>
  (text) =>
    test(text) ? null : { key };

export const email = (key: MessageKey): Rule => satisfies(isValidEmail, key);

/** The text must repeat another value exactly (a password's confirmation). */
export const sameAs =
  (expected: string, key: MessageKey): Rule =>
  (text) =>
    text === expected ? null : { key };
