import type { AppLoadContext } from "react-router";
import { checkSignUpForm, type SignUpField } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import { callAuth } from "../auth/call-auth";
import { captchaKeys, verifyCaptcha } from "../captcha/captcha";
import { requestLanguage } from "../language";
import { isUsernameTaken } from "./usernames";

export type SignUpOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; errors: FieldMessages<SignUpField>; status: number };

/**
 * Sign-up in the order of docs/rules/accounts.md#sign-up: the fields, then the captcha, then
 * the username's availability, then the account — whose profile the database
 * creates in the same statement, so a username taken meanwhile fails it whole.
 * The account is created through better-auth's handler (rate limit, origin
 * check), which also signs the new member in.
 */
export async function signUp(context: AppLoadContext, request: Request, form: FormData): Promise<SignUpOutcome> {
  const text = (name: string) => String(form.get(name) ?? "");
  const fields = checkSignUpForm({
    username: text("username"),
    email: text("email"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    altcha: text("altcha"),
  });
  if (!fields.ok) return { ok: false, errors: fields.errors, status: 400 };

  const captcha = await verifyCaptcha(context.db, captchaKeys(context.authSecret), form.get("altcha")?.toString());
  if (captcha !== "verified") return { ok: false, errors: { captcha: [{ key: "auth.errors.captchaRequired" }] }, status: 400 };

  const { username, email, password } = fields.data;
  if (await isUsernameTaken(context.db, username)) {
    return { ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] }, status: 409 };
  }

  // callbackURL carries the page's language to the address confirmation e-mail (linkLanguage).
  const callbackURL = localizedPath(requestLanguage(request), "/");
  const created = await callAuth(context, request, "/sign-up/email", { name: username, email, password, callbackURL });
  if (created.status === 200) return { ok: true, setCookies: created.setCookies };
  if (created.status === 429) return { ok: false, errors: { form: [{ key: "auth.errors.tooManyRequests" }] }, status: 429 };
  if (await isUsernameTaken(context.db, username)) {
    return { ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] }, status: 409 };
  }
  context.logger.warn({ status: created.status, code: created.body?.code }, "sign-up refused");
  return { ok: false, errors: { form: [{ key: "auth.errors.signupFailed" }] }, status: created.status >= 500 ? 500 : 400 };
}
