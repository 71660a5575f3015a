import QRCode from "qrcode";
import type { AppLoadContext } from "~/server/load-context";
import type { AccountActionData } from "~/domain/account-answers";
import { callAuth } from "../auth/call-auth";

/**
 * Two-factor authentication on the account page, through better-auth's
 * handler: turning it on (the password, then a QR code and backup codes to
 * keep, then a first code that confirms the authenticator works) and off
 * (the password). Each answers the page's two-factor section.
 */
export type TwoFactorAnswer = {
  answer: Extract<AccountActionData, { section: "twoFactor" }>;
  /** Why the step was refused; absent when it went through. */
  reason?: "invalid";
  setCookies: string[];
};

const refused = (message: "account.twoFactor.wrongPassword" | "auth.twoFactor.invalid"): TwoFactorAnswer => ({
  answer: { section: "twoFactor", step: "error", message },
  reason: "invalid",
  setCookies: [],
});

export async function enableTwoFactor(context: AppLoadContext, request: Request, password: string): Promise<TwoFactorAnswer> {
  const result = await callAuth(context, request, "/two-factor/enable", { password });
  if (!result.ok || typeof result.body?.totpURI !== "string") return refused("account.twoFactor.wrongPassword");
  const totpURI = result.body.totpURI;
  return {
    answer: {
      section: "twoFactor",
      step: "scan",
      qrCode: await QRCode.toString(totpURI, { type: "svg", margin: 1 }),
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      backupCodes: (result.body.backupCodes as string[]) ?? [],
    },
    setCookies: [],
  };
}

/** The first code from the authenticator; spaces typed between its digits are ignored. */
export async function verifyTwoFactor(context: AppLoadContext, request: Request, code: string): Promise<TwoFactorAnswer> {
  const result = await callAuth(context, request, "/two-factor/verify-totp", { code: code.replace(/\s+/g, "") });
  if (!result.ok) return refused("auth.twoFactor.invalid");
  return { answer: { section: "twoFactor", step: "done", message: "account.twoFactor.enabledNow" }, setCookies: result.setCookies };
}

export async function disableTwoFactor(context: AppLoadContext, request: Request, password: string): Promise<TwoFactorAnswer> {
  const result = await callAuth(context, request, "/two-factor/disable", { password });
  if (!result.ok) return refused("account.twoFactor.wrongPassword");
  return { answer: { section: "twoFactor", step: "done", message: "account.twoFactor.disabledNow" }, setCookies: result.setCookies };
}
