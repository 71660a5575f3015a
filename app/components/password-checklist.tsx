import { useTranslation } from "~/i18n/translation-context";
import { PASSWORD_CHECKS } from "~/domain/account-limits";

/** The live checklist of the password rules (docs/rules/accounts.md#password-rules), read by screen readers as a list. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 text-sm">
      <p className="text-stone-600">{t("auth.signup.checklist")}</p>
      <ul className="mt-1 space-y-0.5">
        {PASSWORD_CHECKS.map((check) => {
          const met = check.test(password);
          return (
            <li key={check.key} className={met ? "text-teal-800" : "text-stone-600"}>
              <span aria-hidden="true">{met ? "✓" : "○"}</span> {t(`auth.signup.checks.${check.key}`)}
              <span className="sr-only"> ({met ? t("auth.signup.checkMet") : t("auth.signup.checkUnmet")})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
