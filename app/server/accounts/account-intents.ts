import type { AppLoadContext } from "react-router";
import type { AccountActionData, AccountSection } from "~/domain/account-answers";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage, FieldMessages } from "~/domain/form-values";
import { callAuth } from "../auth/call-auth";
import { changeEmail, changePassword, changeUsername } from "./account-settings";
import { currentSessionId, revokeAccountSession } from "./account-sessions";
import { deleteOwnAccount } from "./delete-account";
import { resendAddressConfirmation } from "./email-confirmation";
import { disableTwoFactor, enableTwoFactor, verifyTwoFactor } from "./two-factor-settings";

/**
 * The account page's form posts (docs/decisions/0010), one per intent. Every
 * change acts on the signed-in member (the session's id, never one from the
 * form). The answer is either the page's data for one section, or a redirect
 * (signed out, account deleted) to a path the route localizes; cookies to set
 * come with both.
 */
export type AccountAnswer =
  | { kind: "answer"; data: AccountActionData; status: number; setCookies: string[] }
  | { kind: "redirect"; path: "/login" | "/"; search: "" | "?account=deleted"; setCookies: string[] };

export const ACCOUNT_INTENTS = [
  "change-username",
  "change-email",
  "resend-confirmation",
  "change-password",
  "revoke-session",
  "logout-everywhere",
  "delete-account",
  "enable-two-factor",
  "verify-two-factor",
  "disable-two-factor",
] as const;
type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

const answer = (data: AccountActionData, status = 200, setCookies: string[] = []): AccountAnswer => ({ kind: "answer", data, status, setCookies });
const refused = (section: AccountSection, errors: FieldMessages, status: number) => answer({ section, errors }, status);
const done = (section: AccountSection, success: FieldMessage, setCookies: string[] = []) => answer({ section, success }, 200, setCookies);

function isAccountIntent(intent: unknown): intent is AccountIntent {
  return (ACCOUNT_INTENTS as readonly unknown[]).includes(intent);
}

export async function runAccountIntent(
  context: AppLoadContext,
  request: Request,
  user: Pick<CurrentUser, "id" | "username" | "isAdmin">,
  form: FormData,
): Promise<AccountAnswer> {
  const intent = form.get("intent");
  // A post no section of the page sends changes nothing.
  if (!isAccountIntent(intent)) return refused("page", { form: [{ key: "errors.badRequest" }] }, 400);
  const text = (name: string) => String(form.get(name) ?? "");

  switch (intent) {
    case "change-username": {
      const outcome = await changeUsername(context.db, user.id, { username: text("username") });
      if (!outcome.ok) return refused("username", outcome.errors, outcome.status);
      return done("username", { key: "account.username.changed", values: { username: outcome.username } });
    }
    case "change-email": {
      const outcome = await changeEmail(context, request, user, { email: text("email"), currentPassword: text("currentPassword") });
      if (!outcome.ok) return refused("email", outcome.errors, outcome.status);
      return done("email", { key: "account.email.changeRequested", values: { email: outcome.email } });
    }
    case "resend-confirmation": {
      const outcome = await resendAddressConfirmation(context, request, user.id);
      return outcome.ok ? done("email", outcome.message) : refused("email", { form: [outcome.message] }, outcome.status);
    }
    case "change-password": {
      const outcome = await changePassword(context, request, {
        currentPassword: text("currentPassword"),
        password: text("password"),
        confirmPassword: text("confirmPassword"),
      });
      if (!outcome.ok) return refused("password", outcome.errors, outcome.status);
      return done("password", { key: "account.password.changed" }, outcome.setCookies);
    }
    case "revoke-session": {
      const sessionId = text("sessionId");
      if (sessionId && sessionId === (await currentSessionId(context, request))) {
        const signedOut = await callAuth(context, request, "/sign-out");
        return { kind: "redirect", path: "/login", search: "", setCookies: signedOut.setCookies };
      }
      if (!(await revokeAccountSession(context.db, user.id, sessionId))) {
        return refused("sessions", { form: [{ key: "account.sessions.notFound" }] }, 404);
      }
      return done("sessions", { key: "account.sessions.revoked" });
    }
    case "logout-everywhere": {
      const revoked = await callAuth(context, request, "/revoke-sessions");
      const signedOut = await callAuth(context, request, "/sign-out");
      return { kind: "redirect", path: "/login", search: "", setCookies: [...revoked.setCookies, ...signedOut.setCookies] };
    }
    case "delete-account": {
      const outcome = await deleteOwnAccount(context, request, user, {
        currentPassword: text("currentPassword"),
        confirmUsername: text("confirmUsername"),
      });
      if (!outcome.ok) return refused("delete", outcome.errors, outcome.status);
      return { kind: "redirect", path: "/", search: "?account=deleted", setCookies: outcome.setCookies };
    }
    case "enable-two-factor":
    case "disable-two-factor": {
      const change = intent === "enable-two-factor" ? enableTwoFactor : disableTwoFactor;
      const outcome = await change(context, request, text("password"));
      return answer(outcome.answer, outcome.status, outcome.setCookies);
    }
    case "verify-two-factor": {
      const outcome = await verifyTwoFactor(context, request, text("code"));
      return answer(outcome.answer, outcome.status, outcome.setCookies);
    }
  }
}
