import type { AppLoadContext } from "~/server/load-context";
import type { AccountActionData, AccountSection } from "~/domain/account-answers";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage, FieldMessages } from "~/domain/form-values";
import type { RefusalReason } from "~/domain/outcome";
import type { IntentHandlers, PostedIntent } from "~/server/http/dispatch-intent";
import { callAuth } from "../auth/call-auth";
import { changeEmail, changePassword, changeUsername } from "./account-settings";
import { currentSessionId, revokeAccountSession } from "./account-sessions";
import { deleteOwnAccount } from "./delete-account";
import { resendAddressConfirmation } from "./email-confirmation";
import { disableTwoFactor, enableTwoFactor, verifyTwoFactor, type TwoFactorAnswer } from "./two-factor-settings";

/**
 * The account page's form posts (docs/decisions/0010), one handler per intent. Every
 * change acts on the signed-in member (the session's id, never one from the
 * form). The answer is either the page's data for one section, or a redirect
 * (signed out, account deleted) to a path the route localizes; cookies to set
 * come with both.
 */
export type AccountAnswer =
  | { kind: "answer"; data: AccountActionData; reason?: RefusalReason; setCookies: string[] }
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

const answer = (data: AccountActionData, reason?: RefusalReason, setCookies: string[] = []): AccountAnswer => ({ kind: "answer", data, reason, setCookies });
const refused = (section: AccountSection, errors: FieldMessages, reason: RefusalReason) => answer({ section, errors }, reason);
const done = (section: AccountSection, success: FieldMessage, setCookies: string[] = []) => answer({ section, success }, undefined, setCookies);

/** A post no section of the page sends changes nothing. */
export const unknownAccountIntent = (): AccountAnswer => refused("page", { form: [{ key: "errors.badRequest" }] }, "invalid");

/** What each of the page's intents does, for app/server/http/dispatch-intent.ts. */
export function accountIntentHandlers(
  context: AppLoadContext,
  request: Request,
  user: Pick<CurrentUser, "id" | "username" | "isAdmin">,
): IntentHandlers<AccountIntent, PostedIntent, AccountAnswer> {
  const twoFactorAnswer = (outcome: TwoFactorAnswer) => answer(outcome.answer, outcome.reason, outcome.setCookies);
  return {
    "change-username": async ({ form }) => {
      const { text } = await form();
      const outcome = await changeUsername(context.db, user.id, { username: text("username") });
      if (!outcome.ok) return refused("username", outcome.errors, outcome.reason);
      // The header shows the username the session lookup read.
      context.sessionsChanged(user.id);
      return done("username", { key: "account.username.changed", values: { username: outcome.username } });
    },
    "change-email": async ({ form }) => {
      const { text } = await form();
      const outcome = await changeEmail(context, request, user, { email: text("email"), currentPassword: text("currentPassword") });
      if (!outcome.ok) return refused("email", outcome.errors, outcome.reason);
      return done("email", { key: "account.email.changeRequested", values: { email: outcome.email } });
    },
    "resend-confirmation": async () => {
      const outcome = await resendAddressConfirmation(context, request, user.id);
      return outcome.ok ? done("email", outcome.message) : refused("email", { form: [outcome.message] }, outcome.reason);
    },
    "change-password": async ({ form }) => {
      const { text } = await form();
      const outcome = await changePassword(context, request, {
        currentPassword: text("currentPassword"),
        password: text("password"),
        confirmPassword: text("confirmPassword"),
      });
      if (!outcome.ok) return refused("password", outcome.errors, outcome.reason);
      return done("password", { key: "account.password.changed" }, outcome.setCookies);
    },
    "revoke-session": async ({ form }) => {
      const sessionId = (await form()).text("sessionId");
      if (sessionId && sessionId === (await currentSessionId(context, request))) {
        const signedOut = await callAuth(context, request, "/sign-out");
        return { kind: "redirect", path: "/login", search: "", setCookies: signedOut.setCookies };
      }
      if (!(await revokeAccountSession(context.db, user.id, sessionId))) {
        return refused("sessions", { form: [{ key: "account.sessions.notFound" }] }, "notFound");
      }
      context.sessionsChanged(user.id);
      return done("sessions", { key: "account.sessions.revoked" });
    },
    "logout-everywhere": async () => {
      const revoked = await callAuth(context, request, "/revoke-sessions");
      const signedOut = await callAuth(context, request, "/sign-out");
      return { kind: "redirect", path: "/login", search: "", setCookies: [...revoked.setCookies, ...signedOut.setCookies] };
    },
    "delete-account": async ({ form }) => {
      const { text } = await form();
      const outcome = await deleteOwnAccount(context, request, user, {
        currentPassword: text("currentPassword"),
        confirmUsername: text("confirmUsername"),
      });
      if (!outcome.ok) return refused("delete", outcome.errors, outcome.reason);
      return { kind: "redirect", path: "/", search: "?account=deleted", setCookies: outcome.setCookies };
    },
    "enable-two-factor": async ({ form }) => twoFactorAnswer(await enableTwoFactor(context, request, (await form()).text("password"))),
    "disable-two-factor": async ({ form }) => twoFactorAnswer(await disableTwoFactor(context, request, (await form()).text("password"))),
    "verify-two-factor": async ({ form }) => twoFactorAnswer(await verifyTwoFactor(context, request, (await form()).text("code"))),
  };
}
