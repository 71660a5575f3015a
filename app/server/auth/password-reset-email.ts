import { and, eq, gt, like, sql } from "drizzle-orm";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import type { Executor } from "../db/database";
import { verifications } from "../db/schema";
import { requestLanguage } from "../language";
import { DEFAULT_LANGUAGE, splitLanguagePrefix, type Language } from "~/domain/languages";
import type { Mailer } from "../mail/mailer";

/** At most one reset e-mail per address per minute (Supabase Auth's reference). */
const RESET_EMAIL_INTERVAL_SECONDS = 60;

/**
 * Sends the reset link in the language of the page it was asked from. The
 * answer to the visitor does not depend on it (better-auth answers the same
 * for unknown addresses), and a second request within a minute sends nothing.
 */
export async function sendPasswordResetEmail(
  db: Executor,
  mailer: Mailer,
  target: { userId: string; email: string; username: string; url: string },
  request: Request | undefined,
): Promise<void> {
  // better-auth has just stored this request's token as reset-password:<token> → user id.
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, "reset-password:%"),
        eq(verifications.value, target.userId),
        gt(verifications.createdAt, sql`now() - make_interval(secs => ${RESET_EMAIL_INTERVAL_SECONDS})`),
      ),
    );
  if ((recent?.count ?? 0) > 1) return;
  const language = linkLanguage(target.url, request);
  const t = createTranslator(language, resources[language]);
  await mailer.send({
    to: target.email,
    subject: t("auth.mail.resetSubject"),
    text: t("auth.mail.resetBody", { username: target.username, url: target.url }),
  });
}

/**
 * better-auth's links (reset, address confirmation) carry the page to return to
 * as callbackURL, which our forms give in the page's language: that language
 * is the e-mail's; otherwise the request's.
 */
export function linkLanguage(url: string, request: Request | undefined): Language {
  return callbackLanguage(url) ?? (request ? requestLanguage(request) : DEFAULT_LANGUAGE);
}

function callbackLanguage(url: string): Language | null {
  try {
    const callback = new URL(url).searchParams.get("callbackURL");
    return callback ? splitLanguagePrefix(new URL(callback, url).pathname).language : null;
  } catch {
    return null;
  }
}
