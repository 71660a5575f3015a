import { PASSWORD_CHECKS, PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "./account-limits";
import { FormReader, maxLength, required, type FormCheck, type FormValues, type Rule } from "./form-values";
import { email, minLength, pattern, sameAs, satisfies } from "./text-rules";

/**
 * Account rules (docs/rules/accounts.md#username-rules), shared by the forms (live checks) and the
 * server (authoritative checks). Messages are i18n keys under "auth.errors".
 */
const USERNAME_RULES: readonly Rule[] = [
  minLength(USERNAME_MIN, "auth.errors.usernameTooShort"),
  maxLength(USERNAME_MAX, "auth.errors.usernameTooLong"),
  pattern(USERNAME_PATTERN, "auth.errors.usernameCharacters"),
];

const PASSWORD_RULES: readonly Rule[] = [
  ...PASSWORD_CHECKS.map((check) => satisfies(check.test, check.message)),
  maxLength(PASSWORD_MAX, "auth.errors.passwordTooLong"),
];

const CURRENT_PASSWORD_RULES: readonly Rule[] = [required("auth.errors.passwordRequired")];

export type SignUpField = "username" | "email" | "password" | "confirmPassword" | "captcha";

/** Sign-up: the fields, and a captcha solved (its proof is checked by the server). */
export function checkSignUpForm(values: FormValues): FormCheck<SignUpField, { username: string; email: string; password: string }> {
  const form = new FormReader<SignUpField>(values);
  const username = form.text("username", USERNAME_RULES);
  const address = form.text("email", [email("auth.errors.emailInvalid")]);
  const password = form.raw("password", PASSWORD_RULES);
  form.raw("confirmPassword", [sameAs(password, "auth.errors.passwordMismatch")]);
  if (!values.altcha) form.add("captcha", { key: "auth.errors.captchaRequired" });
  return form.result({ username, email: address, password });
}

export type SignInField = "email" | "password";

export function checkSignInForm(values: FormValues): FormCheck<SignInField, { email: string; password: string }> {
  const form = new FormReader<SignInField>(values);
  const address = form.text("email", [email("auth.errors.emailInvalid")]);
  const password = form.raw("password", CURRENT_PASSWORD_RULES);
  return form.result({ email: address, password });
}

/** "Mot de passe oublié": the address the link goes to. */
export function checkResetRequestForm(values: FormValues): FormCheck<"email", { email: string }> {
  const form = new FormReader<"email">(values);
  const address = form.text("email", [email("auth.errors.resetEmailInvalid")]);
  return form.result({ email: address });
}

export type NewPasswordField = "password" | "confirmPassword";

/** A new password and its confirmation (the reset link's page). */
export function checkNewPasswordForm(values: FormValues): FormCheck<NewPasswordField, { password: string }> {
  const form = new FormReader<NewPasswordField>(values);
  const password = form.raw("password", PASSWORD_RULES);
  form.raw("confirmPassword", [sameAs(password, "auth.errors.passwordMismatch")]);
  return form.result({ password });
}

/** Account settings (/account): the same rules and messages as the sign-up. */
export function checkChangeUsernameForm(values: FormValues): FormCheck<"username", { username: string }> {
  const form = new FormReader<"username">(values);
  const username = form.text("username", USERNAME_RULES);
  return form.result({ username });
}

export type ChangeEmailField = "email" | "currentPassword";

export function checkChangeEmailForm(values: FormValues): FormCheck<ChangeEmailField, { email: string; currentPassword: string }> {
  const form = new FormReader<ChangeEmailField>(values);
  const address = form.text("email", [email("auth.errors.emailInvalid")]);
  const currentPassword = form.raw("currentPassword", CURRENT_PASSWORD_RULES);
  return form.result({ email: address, currentPassword });
}

export type ChangePasswordField = "currentPassword" | NewPasswordField;

export function checkChangePasswordForm(values: FormValues): FormCheck<ChangePasswordField, { currentPassword: string; password: string }> {
  const form = new FormReader<ChangePasswordField>(values);
  const currentPassword = form.raw("currentPassword", CURRENT_PASSWORD_RULES);
  const password = form.raw("password", PASSWORD_RULES);
  form.raw("confirmPassword", [sameAs(password, "auth.errors.passwordMismatch")]);
  return form.result({ currentPassword, password });
}

export type DeleteAccountField = "currentPassword" | "confirmUsername";

/** "Supprimer mon compte": the password; the typed username is compared by the server, which knows the member. */
export function checkDeleteAccountForm(values: FormValues): FormCheck<DeleteAccountField, { currentPassword: string; confirmUsername: string }> {
  const form = new FormReader<DeleteAccountField>(values);
  const currentPassword = form.raw("currentPassword", CURRENT_PASSWORD_RULES);
  const confirmUsername = form.text("confirmUsername");
  return form.result({ currentPassword, confirmUsername });
}

/** Turns any name (e.g. from a Google profile) into a username candidate that follows the rules. */
export function usernameCandidate(name: string): string {
  const cleaned = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_-]/g, "")
    .slice(0, USERNAME_MAX - 4);
  return cleaned.length >= USERNAME_MIN ? cleaned : `membre_${cleaned}`.slice(0, USERNAME_MAX - 4);
}
