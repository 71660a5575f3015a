import type { RefusalReason } from "~/domain/outcome";
import type { AppLoadContext } from "~/server/load-context";
import { checkSignUpForm, type SignUpField } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import { callAuth } from "../auth/call-auth";
import { captchaKeys, verifyCaptcha } from "../captcha/captcha";
import { requestLanguage } from "../language";
import { isUsernameTaken } from "./usernames";

export type SignUpOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; errors: FieldMessages<SignUpField>; reason: RefusalReason };

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
  if (!fields.ok) return { ok: false, errors: fields.errors, reason: "invalid" };

  const captcha = await verifyCaptcha(context.db, captchaKeys(context.authSecret), form.get("altcha")?.toString());
  if (captcha !== "verified") return { ok: false, errors: { captcha: [{ key: "auth.errors.captchaRequired" }] }, reason: "invalid" };

  const { username, email, password } = fields.data;
  if (await isUsernameTaken(context.db, username)) {
    return { ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] }, reason: "conflict" };
  }

  // callbackURL carries the page's language to the address confirmation e-mail (linkLanguage).
  const callbackURL = localizedPath(requestLanguage(request), "/");
  const created = await callAuth(context, request, "/sign-up/email", { name: username, email, password, callbackURL });
  if (created.ok) return { ok: true, setCookies: created.setCookies };
  if (created.refusal === "tooMany") return { ok: false, errors: { form: [{ key: "auth.errors.tooManyRequests" }] }, reason: "tooMany" };
  if (await isUsernameTaken(context.db, username)) {
    return { ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] }, reason: "conflict" };
  }
  context.logger.warn({ status: created.status, code: created.body?.code }, "sign-up refused");
  return { ok: false, errors: { form: [{ key: "auth.errors.signupFailed" }] }, reason: created.refusal === "failed" ? "failed" : "invalid" };
}
