import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { NewPasswordFields } from "../new-password-fields";
import { useFormCheck } from "../use-form-check";
import { checkChangePasswordForm } from "~/domain/account-rules";
import { CurrentPasswordField, accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** Password change with the sign-up rules and their live checklist; other sessions end. */
export function PasswordSection({ result }: { result: SectionResult }) {
  const { t } = useTranslation();
  const { onSubmit, messages: fieldErrors } = useFormCheck(checkChangePasswordForm, result?.errors);
  return (
    <section aria-labelledby="account-password" className={accountCard}>
      <h2 id="account-password" className="text-xl font-bold">
        {t("account.password.title")}
      </h2>
      <SectionMessages result={result} />
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <CurrentPasswordField errors={fieldErrors("currentPassword")} />
        <NewPasswordFields
          passwordLabel={t("account.password.newPassword")}
          confirmLabel={t("account.password.confirm")}
          passwordErrors={fieldErrors("password")}
          confirmErrors={fieldErrors("confirmPassword")}
        />
        <button type="submit" name="intent" value="change-password" className={secondaryButton}>
          {t("account.password.change")}
        </button>
      </Form>
    </section>
  );
}
