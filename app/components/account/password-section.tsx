import { useTranslation } from "~/i18n/translation-context";
import { checkChangePasswordForm } from "~/domain/account-rules";
import { NewPasswordFields } from "../new-password-fields";
import { AccountCard, CurrentPasswordField, SectionMessages, SettingsForm, type SectionResult } from "./section-parts";

/** Password change with the sign-up rules and their live checklist; other sessions end. */
export function PasswordSection({ result }: { result: SectionResult }) {
  const { t } = useTranslation();
  return (
    <AccountCard id="account-password" title={t("account.password.title")}>
      <SectionMessages result={result} />
      <SettingsForm
        check={checkChangePasswordForm}
        result={result}
        intent="change-password"
        submit={t("account.password.change")}
        fields={(messages) => (
          <>
            <CurrentPasswordField errors={messages("currentPassword")} />
            <NewPasswordFields
              passwordLabel={t("account.password.newPassword")}
              confirmLabel={t("account.password.confirm")}
              passwordErrors={messages("password")}
              confirmErrors={messages("confirmPassword")}
            />
          </>
        )}
      />
    </AccountCard>
  );
}
