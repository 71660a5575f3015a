import type { RefusalReason } from "~/domain/outcome";
import type { AppLoadContext } from "~/server/load-context";
import type { FieldMessage } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import { callAuth, callAuthGet } from "../auth/call-auth";
import { hasWriteAllowance } from "../allowances/write-limits";
import { requestLanguage } from "../language";
import { accountAddress } from "./account-settings";

/**
 * "Resend the confirmation link" on the account page, through better-auth's
 * own endpoint (its rate limit per client address applies); the account's
 * allowance (one a minute, ten a day) is checked first so that the member is
 * told to wait instead of silently getting nothing.
 */
export async function resendAddressConfirmation(
  context: AppLoadContext,
  request: Request,
  userId: string,
): Promise<{ ok: true; message: FieldMessage } | { ok: false; message: FieldMessage; reason: RefusalReason }> {
  const { email, emailVerified } = await accountAddress(context.db, userId);
  if (emailVerified) return { ok: false, message: { key: "account.email.alreadyVerified" }, reason: "conflict" };
  if (!(await hasWriteAllowance(context.db, userId, "confirmationEmail"))) {
    return { ok: false, message: { key: "account.email.tooSoon" }, reason: "tooMany" };
  }
  const sent = await callAuth(context, request, "/send-verification-email", {
    email,
    callbackURL: localizedPath(requestLanguage(request), "/"),
  });
  if (sent.ok) return { ok: true, message: { key: "account.email.resent", values: { email } } };
  if (sent.refusal === "tooMany") return { ok: false, message: { key: "auth.errors.tooManyRequests" }, reason: "tooMany" };
  context.logger.warn({ status: sent.status, code: sent.body?.code }, "confirmation e-mail not sent");
  return { ok: false, message: { key: "account.email.sendFailed" }, reason: "unavailable" };
}

export type ConfirmationResult = "confirmed" | "expired" | "invalid";

/**
 * Opens a sign-up confirmation link: better-auth checks the signed token
 * (its expiry included) and marks the address verified. Any failure is one of
 * two answers for the page; a token that was already used is "confirmed"
 * again, harmlessly.
 */
export async function confirmAddress(context: AppLoadContext, request: Request, token: string): Promise<ConfirmationResult> {
  const answer = await callAuthGet(context, request, `/verify-email?${new URLSearchParams({ token })}`);
  if (answer.ok) return "confirmed";
  return answer.body?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
}
