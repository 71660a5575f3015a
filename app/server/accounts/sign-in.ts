import type { AppLoadContext } from "~/server/load-context";
import { ACCOUNT_SUSPENDED } from "../auth/auth";
import { callAuth } from "../auth/call-auth";

export type SignInOutcome =
  | { kind: "signed-in"; setCookies: string[] }
  | { kind: "two-factor"; setCookies: string[] }
  | { kind: "suspended"; reason: string }
  | { kind: "rate-limited"; retryAfter: string | null }
  | { kind: "refused" };

/**
 * Password sign-in through better-auth's handler. Every refusal that is not a
 * suspension or a rate limit reads the same ('Email ou mot de passe incorrect'),
 * whether or not the account exists; better-auth hashes the password even for
 * unknown addresses, so the timing does not tell either.
 */
export async function signInWithPassword(
  context: AppLoadContext,
  request: Request,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const result = await callAuth(context, request, "/sign-in/email", { email, password, rememberMe: true });
  if (result.ok) {
    return { kind: result.body?.twoFactorRedirect ? "two-factor" : "signed-in", setCookies: result.setCookies };
  }
  if (result.refusal === "tooMany") return { kind: "rate-limited", retryAfter: result.retryAfter };
  if (result.refusal === "forbidden" && result.body?.code === ACCOUNT_SUSPENDED) {
    return { kind: "suspended", reason: String(result.body.message ?? "") };
  }
  return { kind: "refused" };
}
