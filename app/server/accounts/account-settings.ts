import type { RefusalReason } from "~/domain/outcome";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppLoadContext } from "~/server/load-context";
import { checkChangeEmailForm, checkChangePasswordForm, checkChangeUsernameForm } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import type { MessageKey } from "~/i18n/translate";
import { isAdministratorAddress } from "../auth/administrator";
import { callAuth } from "../auth/call-auth";
import type { Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { profiles, users } from "../db/schema";
import { requestEmailChange } from "./email-change";
import { verifyCurrentPassword } from "./verify-password";

/**
 * The account page's changes (docs/decisions/0010). Each acts on the signed-in
 * member only (the caller passes their id from the session, never from the
 * form), checks the same rules as the sign-up, and answers field errors as
 * i18n keys; nothing is changed when it refuses.
 */
export type SettingsOutcome<T = object> =
  | ({ ok: true } & T)
  | { ok: false; errors: FieldMessages; reason: RefusalReason };

/** The member's e-mail address and whether they confirmed it, for the account page (never in the root data). */
export async function accountAddress(db: Executor, userId: string): Promise<{ email: string; emailVerified: boolean }> {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { email: "", emailVerified: false };
}

const refused = (field: string, key: MessageKey, reason: RefusalReason = "invalid") => ({ ok: false as const, errors: { [field]: [{ key }] }, reason });

/**
 * A new username, under the sign-up's rules. The profile's username and the
 * account's name (which better-auth shows as the user's name, and from which
 * the profile was created) change together. A username another member holds
 * in any case is refused — by the check first, and by the unique index on
 * lower(username) when two requests race.
 */
export async function changeUsername(
  db: Executor,
  userId: string,
  input: { username: string },
): Promise<SettingsOutcome<{ username: string }>> {
  const fields = checkChangeUsernameForm(input);
  if (!fields.ok) return { ok: false, errors: fields.errors, reason: "invalid" };
  const { username } = fields.data;
  const [holder] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(sql`lower(${profiles.username})`, username.toLowerCase()), ne(profiles.id, userId)))
    .limit(1);
  if (holder) return refused("username", "auth.errors.usernameTaken", "conflict");
  try {
    await db.transaction(async (tx) => {
      await tx.update(profiles).set({ username }).where(eq(profiles.id, userId));
      await tx.update(users).set({ name: username, updatedAt: sql`now()` }).where(eq(users.id, userId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused("username", "auth.errors.usernameTaken", "conflict");
    throw error;
  }
  return { ok: true, username };
}

/**
 * A new e-mail address, after the current password (checked by better-auth).
 * It takes effect only when the new address confirms (email-change.ts; the
 * old address is told): until then the account keeps its address.
 *
 * The administrator role belongs to the account whose address is ADMIN_EMAIL,
 * so an address change could move it: nobody may take ADMIN_EMAIL here (it
 * would make them administrator without owning the mailbox), and the
 * administrator cannot change theirs here (the site would lose its only
 * administrator) — the operator changes ADMIN_EMAIL in the configuration.
 * The new address is lower-cased, like better-auth's sign-up; an address
 * another account uses is refused here, and again when the link is opened.
 */
export async function changeEmail(
  context: AppLoadContext,
  request: Request,
  member: { id: string; username: string },
  input: { email: string; currentPassword: string },
): Promise<SettingsOutcome<{ email: string }>> {
  const fields = checkChangeEmailForm(input);
  if (!fields.ok) return { ok: false, errors: fields.errors, reason: "invalid" };
  const email = fields.data.email.toLowerCase();
  const [current] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, member.id)).limit(1);
  if (!current) return refused("form", "common.genericError", "notFound");
  if (isAdministratorAddress(context.config, current.email)) return refused("email", "account.email.adminLocked", "forbidden");
  if (isAdministratorAddress(context.config, email)) return refused("email", "account.email.reserved", "forbidden");
  if (email === current.email.toLowerCase()) return refused("email", "account.email.same");

  const password = await verifyCurrentPassword(context, request, fields.data.currentPassword);
  if (password === "rate-limited") return refused("form", "auth.errors.tooManyRequests", "tooMany");
  if (password !== "verified") return refused("currentPassword", "account.errors.wrongPassword");

  const [taken] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, member.id)))
    .limit(1);
  if (taken) return refused("email", "account.email.taken", "conflict");
  const sent = await requestEmailChange(context, request, member, { from: current.email, to: email });
  if (sent === "too-soon") return refused("email", "account.email.tooSoon", "tooMany");
  if (sent === "send-failed") return refused("form", "account.email.sendFailed", "unavailable");
  return { ok: true, email };
}

/**
 * A new password through better-auth's change-password endpoint (it checks the
 * current one), under the sign-up's rules; every other session ends and this
 * browser gets a fresh session cookie.
 */
export async function changePassword(
  context: AppLoadContext,
  request: Request,
  input: { currentPassword: string; password: string; confirmPassword: string },
): Promise<SettingsOutcome<{ setCookies: string[] }>> {
  const fields = checkChangePasswordForm(input);
  if (!fields.ok) return { ok: false, errors: fields.errors, reason: "invalid" };
  const result = await callAuth(context, request, "/change-password", {
    currentPassword: fields.data.currentPassword,
    newPassword: fields.data.password,
    revokeOtherSessions: true,
  });
  if (result.ok) return { ok: true, setCookies: result.setCookies };
  if (result.refusal === "tooMany") return refused("form", "auth.errors.tooManyRequests", "tooMany");
  if (result.body?.code === "INVALID_PASSWORD") return refused("currentPassword", "account.errors.wrongPassword");
  if (result.body?.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return refused("form", "account.password.noPassword");
  context.logger.warn({ status: result.status, code: result.body?.code }, "password change refused");
  return refused("form", "auth.errors.passwordUpdateFailed");
}
