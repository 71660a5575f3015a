import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { Field } from "../field";
import { useFormCheck } from "../use-form-check";
import { checkChangeEmailForm } from "~/domain/account-rules";
import { CurrentPasswordField, accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** The e-mail address, changed after re-authentication; the administrator's is fixed by ADMIN_EMAIL (decision 0010). */
export function EmailSection({ email, isAdmin, result }: { email: string; isAdmin: boolean; result: SectionResult }) {
  const { t } = useTranslation();
  const { onSubmit, messages: fieldErrors } = useFormCheck(checkChangeEmailForm, result?.errors);
  return (
    <section aria-labelledby="account-email" className={accountCard}>
      <h2 id="account-email" className="text-xl font-bold">
        {t("account.email.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("account.email.current", { email })}</p>
      <SectionMessages result={result} />
      {isAdmin ? (
        <p className="mt-3 text-sm text-stone-700">{t("account.email.adminLocked")}</p>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
          <Field label={t("account.email.label")} name="email" type="email" autoComplete="email" required errors={fieldErrors("email")} />
          <CurrentPasswordField errors={fieldErrors("currentPassword")} />
          <button type="submit" name="intent" value="change-email" className={secondaryButton}>
            {t("account.email.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
