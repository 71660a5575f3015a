import * as z from "zod/mini";
import { PASSWORD_CHECKS, PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "./account-limits";
import { isValidEmail } from "./email";

/**
 * Account rules of public site §5, shared by the forms (live checks) and the
 * server (authoritative checks). Messages are i18n keys under "auth.errors".
 */
export const usernameSchema = z.string().check(
  z.trim(),
  z.minLength(USERNAME_MIN, "auth.errors.usernameTooShort"),
  z.maxLength(USERNAME_MAX, "auth.errors.usernameTooLong"),
  z.regex(USERNAME_PATTERN, "auth.errors.usernameCharacters"),
);

export const passwordSchema = z.string().check(
  ...PASSWORD_CHECKS.map((check) => z.refine<string>((value) => check.test(value), check.message)),
  z.maxLength(PASSWORD_MAX, "auth.errors.passwordTooLong"),
);

const emailSchema = (message: string) => z.string().check(z.trim(), z.refine(isValidEmail, message));

export const signUpSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema("auth.errors.emailInvalid"),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: "auth.errors.passwordMismatch",
      path: ["confirmPassword"],
    }),
  );

export const signInSchema = z.object({
  email: emailSchema("auth.errors.emailInvalid"),
  password: z.string().check(z.minLength(1, "auth.errors.passwordRequired")),
});

export const resetRequestSchema = z.object({ email: emailSchema("auth.errors.resetEmailInvalid") });

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: "auth.errors.passwordMismatch",
      path: ["confirmPassword"],
    }),
  );

/** Account settings (/account): the same rules and messages as the sign-up. */
const currentPasswordSchema = z.string().check(z.minLength(1, "auth.errors.passwordRequired"));

export const changeUsernameSchema = z.object({ username: usernameSchema });

export const changeEmailSchema = z.object({
  email: emailSchema("auth.errors.emailInvalid"),
  currentPassword: currentPasswordSchema,
});

export const changePasswordSchema = z
  .object({ currentPassword: currentPasswordSchema, password: passwordSchema, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: "auth.errors.passwordMismatch",
      path: ["confirmPassword"],
    }),
  );

export const deleteAccountSchema = z.object({ currentPassword: currentPasswordSchema, confirmUsername: z.string() });

export type FieldErrors<Field extends string> = Partial<Record<Field, string[]>>;

/** Runs a schema and returns its values, or every message per field (in rule order). */
export function validate<Schema extends z.ZodMiniType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.infer<Schema> } | { ok: false; errors: FieldErrors<string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors<string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return { ok: false, errors };
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
