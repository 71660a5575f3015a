import { useTranslation } from "~/i18n/translation-context";
import { NewPasswordFields } from "../new-password-fields";
import { CurrentPasswordField, SettingsCard, type SectionResult } from "./section-parts";

/** Password change with the sign-up rules and their live checklist; other sessions end. */
export function PasswordSection({ result }: { result: SectionResult }) {
  const { t } = useTranslation();
  const fields = (messages: (field: "currentPassword" | "password" | "confirmPassword") => string[] | null) => (
    <>
      <CurrentPasswordField errors={messages("currentPassword")} />
      <NewPasswordFields
        passwordLabel={t("account.password.newPassword")}
        confirmLabel={t("account.password.confirm")}
        passwordErrors={messages("password")}
        confirmErrors={messages("confirmPassword")}
      />
    </>
  );
  return <SettingsCard intent="change-password" result={result} fields={fields} />;
}
