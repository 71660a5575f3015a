import { useTranslation } from "~/i18n/translation-context";
import { checkChangeEmailForm } from "~/domain/account-rules";
import { Field } from "../field";
import { AccountCard, CurrentPasswordField, SectionMessages, SettingsForm, type SectionResult } from "./section-parts";

/** The e-mail address, changed after re-authentication; the administrator's is fixed by ADMIN_EMAIL (decision 0010). */
export function EmailSection({ email, isAdmin, result }: { email: string; isAdmin: boolean; result: SectionResult }) {
  const { t } = useTranslation();
  return (
    <AccountCard id="account-email" title={t("account.email.title")}>
      <p className="mt-1 text-sm text-stone-700">{t("account.email.current", { email })}</p>
      <SectionMessages result={result} />
      {isAdmin ? (
        <p className="mt-3 text-sm text-stone-700">{t("account.email.adminLocked")}</p>
      ) : (
        <SettingsForm
          check={checkChangeEmailForm}
          result={result}
          intent="change-email"
          submit={t("account.email.submit")}
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
