import { Form } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { secondaryButton } from "../auth-card";
import { Field } from "../field";
import { AccountCard, CurrentPasswordField, SectionMessages, SettingsForm, type SectionResult } from "./section-parts";

type EmailSectionProps = { email: string; emailVerified: boolean; pendingEmail: string | null; isAdmin: boolean; result: SectionResult };

/**
 * The e-mail address: whether it is confirmed (with the resend control), and
 * its change after re-authentication, which waits for the new address to
 * confirm (decision 0025); the administrator's is fixed by ADMIN_EMAIL (decision 0010).
 */
export function EmailSection({ email, emailVerified, pendingEmail, isAdmin, result }: EmailSectionProps) {
  const { t } = useTranslation();
  return (
    <AccountCard id="account-email" title={t("account.email.title")}>
      <p className="mt-1 text-sm text-stone-700">{t("account.email.current", { email })}</p>
      <SectionMessages result={result} />
      {emailVerified ? null : (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p id="account-email-unverified">{t("account.email.unverified")}</p>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="resend-confirmation" aria-describedby="account-email-unverified" className={secondaryButton}>
              {t("account.email.resend")}
            </button>
          </Form>
        </div>
      )}
      {pendingEmail ? <p className="mt-3 text-sm text-stone-700">{t("account.email.pending", { email: pendingEmail })}</p> : null}
      {isAdmin ? (
        <p className="mt-3 text-sm text-stone-700">{t("account.email.adminLocked")}</p>
      ) : (
        <SettingsForm
          intent="change-email"
          result={result}
          fields={(messages) => (
            <>
              <Field label={t("account.email.label")} name="email" type="email" autoComplete="email" required errors={messages("email")} />
              <CurrentPasswordField errors={messages("currentPassword")} />
            </>
          )}
        />
      )}
    </AccountCard>
  );
}
