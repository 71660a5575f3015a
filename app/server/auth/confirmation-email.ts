import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { localizedPath, type Language } from "~/domain/languages";
import type { Executor } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { consumeWriteAllowance } from "../allowances/write-limits";

/** How long a link that confirms an address (the account's, or a new one) stays valid. */
export const CONFIRMATION_LINK_SECONDS = 24 * 3600;

/** The page that opens a confirmation link, in the e-mail's language (app/routes/confirm-email.tsx). */
export function confirmationLink(publicUrl: string, language: Language, query: { token: string } | { change: string }): string {
  return `${publicUrl}${localizedPath(language, "/confirm-email")}?${new URLSearchParams(query)}`;
}

/**
 * Counts one confirmation e-mail for the account (1 a minute, 10 a day:
 * write-limits.ts); false when it must not be sent. better-auth's resend
 * endpoint answers visitors without telling whether anything was sent, so a
 * refusal there stays silent, like the reset e-mail's.
 */
export function mayMailConfirmation(db: Executor, userId: string): Promise<boolean> {
  return consumeWriteAllowance(db, userId, "confirmationEmail");
}

/** The link that confirms the account's own address, sent at sign-up and on "resend". */
export async function sendAddressConfirmation(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  target: { userId: string; email: string; username: string; token: string; language: Language },
): Promise<void> {
  if (!(await mayMailConfirmation(db, target.userId))) return;
  const t = createTranslator(target.language, resources[target.language]);
  await mailer.send({
    to: target.email,
    subject: t("auth.mail.confirmSubject"),
    text: t("auth.mail.confirmBody", { username: target.username, url: confirmationLink(publicUrl, target.language, { token: target.token }) }),
  });
}
