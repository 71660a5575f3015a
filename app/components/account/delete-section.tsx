import { useTranslation } from "~/i18n/translation-context";
import { Field } from "../field";
import { AccountCard, CurrentPasswordField, accountCard, SectionMessages, SettingsForm, type SectionResult } from "./section-parts";

/** "Supprimer mon compte": the member types their username and password; the administrator is refused (decision 0010). */
export function DeleteSection({ username, isAdmin, result }: { username: string; isAdmin: boolean; result: SectionResult }) {
  const { t } = useTranslation();
  return (
    <AccountCard id="account-delete" title={t("account.delete.title")} className={`${accountCard} border-red-200`}>
      {isAdmin ? (
        <p className="mt-1 text-sm text-stone-700">{t("account.delete.adminRefused")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{t("account.delete.intro")}</p>
          <SectionMessages result={result} />
          {/* A disclosure: the confirmation form opens only on purpose, and stays open after a refusal. */}
          <details className="mt-3" open={result ? true : undefined}>
            <summary className="cursor-pointer font-medium text-red-800">{t("account.delete.open")}</summary>
            <SettingsForm
              intent="delete-account"
              result={result}
              danger
              fields={(messages) => (
                <>
                  <Field
                    label={t("account.delete.confirmUsername", { username })}
                    name="confirmUsername"
                    autoComplete="off"
                    required
                    errors={messages("confirmUsername")}
                  />
                  <CurrentPasswordField errors={messages("currentPassword")} />
                </>
              )}
            />
          </details>
        </>
      )}
    </AccountCard>
  );
}
