/**
 * The one e-mail check of the product ("must look like {email}"), shared by
 * every form. The pattern is the one Zod's `z.email()` used before the forms
 * moved to our own rules (decision 0015), so the same addresses pass.
 */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
