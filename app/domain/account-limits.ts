/**
 * The account limits (docs/rules/accounts.md#password-rules), apart from the form checks: the
 * password checklist shows them live on pages that must stay light, and
 * account-rules.ts builds its checks from them.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The live checklist under the password field, in display order. */
export const PASSWORD_CHECKS = [
  { key: "length", message: "auth.errors.passwordLength", test: (value: string) => value.length >= PASSWORD_MIN },
  { key: "uppercase", message: "auth.errors.passwordUppercase", test: (value: string) => /\p{Lu}/u.test(value) },
  { key: "lowercase", message: "auth.errors.passwordLowercase", test: (value: string) => /\p{Ll}/u.test(value) },
  { key: "digit", message: "auth.errors.passwordDigit", test: (value: string) => /\d/.test(value) },
] as const;
