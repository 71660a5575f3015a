import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { NewPasswordFields } from "../new-password-fields";
import { useFieldErrors } from "../use-form-errors";
import { changePasswordSchema, validate, type FieldErrors } from "~/domain/account-rules";
import { CurrentPasswordField, accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** Password change with the sign-up rules and their live checklist; other sessions end. */
export function PasswordSection({ result }: { result: SectionResult }) {
  const { t } = useTranslation();
  const [clientErrors, setClientErrors] = useState<FieldErrors<string> | null>(null);
  const fieldErrors = useFieldErrors(clientErrors ?? result?.errors);
  function check(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const checked = validate(changePasswordSchema, {
      currentPassword: String(form.get("currentPassword") ?? ""),
      password: String(form.get("password") ?? ""),
      confirmPassword: String(form.get("confirmPassword") ?? ""),
    });
    setClientErrors(checked.ok ? null : checked.errors);
    if (!checked.ok) event.preventDefault();
  }
  return (
    <section aria-labelledby="account-password" className={accountCard}>
      <h2 id="account-password" className="text-xl font-bold">
        {t("account.password.title")}
      </h2>
      <SectionMessages result={result} />
      <Form method="post" noValidate onSubmit={check} className="mt-4 space-y-3">
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
