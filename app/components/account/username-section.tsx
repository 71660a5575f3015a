import { useTranslation } from "~/i18n/translation-context";
import { USERNAME_MAX } from "~/domain/account-limits";
import { checkChangeUsernameForm } from "~/domain/account-rules";
import { Field } from "../field";
import { AccountCard, SectionMessages, SettingsForm, type SectionResult } from "./section-parts";

/** The username, with the sign-up rules and uniqueness. */
export function UsernameSection({ username, result }: { username: string; result: SectionResult }) {
  const { t } = useTranslation();
  return (
    <AccountCard id="account-username" title={t("account.username.title")}>
      <SectionMessages result={result} />
      <SettingsForm
        check={checkChangeUsernameForm}
        result={result}
        intent="change-username"
        submit={t("account.username.submit")}
        fields={(messages) => (
          <Field
            key={username}
            label={t("account.username.label")}
            name="username"
            autoComplete="username"
            required
            maxLength={USERNAME_MAX}
            defaultValue={username}
            errors={messages("username")}
          />
        )}
      />
    </AccountCard>
  );
}
