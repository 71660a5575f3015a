import type { AppLoadContext } from "~/server/load-context";
import { callAuth } from "../auth/call-auth";

export type PasswordCheck = "verified" | "wrong" | "rate-limited";

/**
 * Re-authentication for sensitive settings (e-mail change, account deletion):
 * the signed-in member's current password, checked by better-auth's own
 * /verify-password endpoint through its handler (origin check, rate limit,
 * its password hashing) — never by hand.
 */
export async function verifyCurrentPassword(context: AppLoadContext, request: Request, password: string): Promise<PasswordCheck> {
  if (!password) return "wrong";
  const result = await callAuth(context, request, "/verify-password", { password });
  if (result.ok && result.body?.status === true) return "verified";
  if (result.refusal === "tooMany") return "rate-limited";
  return "wrong";
}
