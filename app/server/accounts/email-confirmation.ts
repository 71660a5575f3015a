import type { AppLoadContext } from "react-router";
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
): Promise<{ ok: boolean; message: FieldMessage; status: number }> {
  const { email, emailVerified } = await accountAddress(context.db, userId);
  if (emailVerified) return { ok: false, message: { key: "account.email.alreadyVerified" }, status: 409 };
  if (!(await hasWriteAllowance(context.db, userId, "confirmationEmail"))) {
    return { ok: false, message: { key: "account.email.tooSoon" }, status: 429 };
  }
  const sent = await callAuth(context, request, "/send-verification-email", {
    email,
    callbackURL: localizedPath(requestLanguage(request), "/"),
  });
  if (sent.status === 200) return { ok: true, message: { key: "account.email.resent", values: { email } }, status: 200 };
  if (sent.status === 429) return { ok: false, message: { key: "auth.errors.tooManyRequests" }, status: 429 };
  context.logger.warn({ status: sent.status, code: sent.body?.code }, "confirmation e-mail not sent");
  return { ok: false, message: { key: "account.email.sendFailed" }, status: 503 };
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
  if (answer.status === 200) return "confirmed";
  return answer.body?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
}
