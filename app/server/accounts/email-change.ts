import crypto from "node:crypto";
import { and, desc, eq, gt, like, sql } from "drizzle-orm";
import type { AppLoadContext } from "~/server/load-context";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { isAdministratorAddress } from "../auth/administrator";
import { confirmationLink, CONFIRMATION_LINK_SECONDS, mayMailConfirmation } from "../auth/confirmation-email";
import type { Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { users, verifications } from "../db/schema";
import { requestLanguage } from "../language";

/**
 * An e-mail change waits for the new address to confirm (docs/decisions/0025):
 * until its link is opened the account keeps its address, so nobody can give
 * an account an address they cannot read. The request is a row of
 * better-auth's `verification` table, keyed by the member and a hash of the
 * token (the token itself is only in the e-mail), single use; a new request
 * replaces the previous one.
 */
const PREFIX = "change-email:";

type PendingChange = { from: string; to: string };

const hashOf = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");
const identifierOf = (userId: string, secret: string) => `${PREFIX}${userId}:${hashOf(secret)}`;

export type ChangeRequestOutcome = "sent" | "too-soon" | "send-failed";

/** Stores the change and mails the link to the new address and a notice to the old one. */
export async function requestEmailChange(
  context: AppLoadContext,
  request: Request,
  member: { id: string; username: string },
  change: PendingChange,
): Promise<ChangeRequestOutcome> {
  if (!(await mayMailConfirmation(context.db, member.id))) return "too-soon";
  const secret = crypto.randomBytes(32).toString("base64url");
  await context.db.transaction(async (tx) => {
    await tx.delete(verifications).where(like(verifications.identifier, `${PREFIX}${member.id}:%`));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(member.id, secret),
      value: JSON.stringify(change),
      expiresAt: sql`now() + make_interval(secs => ${CONFIRMATION_LINK_SECONDS})`,
    });
  });
  const language = requestLanguage(request);
  const t = createTranslator(language, resources[language]);
  const url = confirmationLink(context.config.publicUrl, language, { change: `${member.id}.${secret}` });
  try {
    await context.mailer.send({ to: change.to, subject: t("auth.mail.changeSubject"), text: t("auth.mail.changeBody", { username: member.username, url }) });
    await context.mailer.send({
      to: change.from,
      subject: t("auth.mail.changeNoticeSubject"),
      text: t("auth.mail.changeNoticeBody", { username: member.username, email: change.to }),
    });
  } catch (error) {
    // SMTP down or not configured: the member is told to try later rather than shown a server error.
    context.logger.error({ err: error }, "e-mail change: confirmation e-mail not sent");
    return "send-failed";
  }
  return "sent";
}

/** The new address waiting for its confirmation, if any (shown on the account page). */
export async function pendingEmailChange(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(like(verifications.identifier, `${PREFIX}${userId}:%`), gt(verifications.expiresAt, sql`now()`)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row ? (JSON.parse(row.value) as PendingChange).to : null;
}

export type ChangeConfirmation =
  | { result: "changed"; email: string }
  | { result: "expired" | "invalid" | "taken" | "reserved" };

/**
 * Opens a change link: the row is taken (deleted) first, so a link works once.
 * The change applies only if the account still has the address it had when
 * asked; the new address is then verified (its owner just proved it). The
 * administrator's address is never moved here, nor ADMIN_EMAIL taken (decision 0010).
 * The member's sessions are looked up again at their next request (the address decides the administrator's
 * standing, decision 0058).
 */
export async function confirmEmailChange(
  context: Pick<AppLoadContext, "db" | "config" | "sessionsChanged">,
  token: string,
): Promise<ChangeConfirmation> {
  const { db } = context;
  const { adminEmail } = context.config;
  const [userId, secret] = token.split(".");
  if (!userId || !secret) return { result: "invalid" };
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifierOf(userId, secret)))
    .returning({ value: verifications.value, expired: sql<boolean>`${verifications.expiresAt} <= now()` });
  if (!row) return { result: "invalid" };
  if (row.expired) return { result: "expired" };
  const change = JSON.parse(row.value) as PendingChange;
  if (isAdministratorAddress({ adminEmail }, change.from) || isAdministratorAddress({ adminEmail }, change.to)) return { result: "reserved" };
  try {
    const updated = await db
      .update(users)
      .set({ email: change.to, emailVerified: true, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.email, change.from)))
      .returning({ id: users.id });
    if (updated.length === 0) return { result: "invalid" };
    context.sessionsChanged(userId);
    return { result: "changed", email: change.to };
  } catch (error) {
    if (isUniqueViolation(error)) return { result: "taken" };
    throw error;
  }
}
