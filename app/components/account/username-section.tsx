import { useTranslation } from "~/i18n/translation-context";
import { USERNAME_MAX } from "~/domain/account-limits";
import { Field } from "../field";
import { SettingsCard, type SectionResult } from "./section-parts";

/** The username, with the sign-up rules and uniqueness; the field starts from today's name. */
export function UsernameSection({ username, result }: { username: string; result: SectionResult }) {
  const { t } = useTranslation();
  return (
    <SettingsCard
      intent="change-username"
      result={result}
      fields={(messages) => (
        <Field key={username} label={t("account.username.label")} name="username" autoComplete="username" required maxLength={USERNAME_MAX} defaultValue={username} errors={messages("username")} />
      )}
    />
  );
}
